//go:build unix

package transcript

import (
	"os"
	"syscall"
)

// statIDs returns the device and inode numbers of the open file f, which
// fi describes.
func statIDs(_ *os.File, fi os.FileInfo) (dev, ino uint64) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Dev), uint64(st.Ino) //nolint:unconvert // Dev is int32 on darwin
	}
	return 0, 0
}
