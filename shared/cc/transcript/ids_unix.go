//go:build unix

package transcript

import (
	"os"
	"syscall"
)

// statIDs returns the device and inode numbers of a file.
func statIDs(fi os.FileInfo) (dev, ino uint64) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Dev), uint64(st.Ino) //nolint:unconvert // Dev is int32 on darwin
	}
	return 0, 0
}
