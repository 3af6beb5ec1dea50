package git

import (
	"io/fs"
	"syscall"
	"time"

	"github.com/go-git/go-git/v5/plumbing/format/index"
)

// fillStat copies the one stat field Windows has of those git compares:
// the creation time, kept as the change time, as go-git and Git for
// Windows keep it. Device, inode and owner stay 0, as they write them.
func fillStat(e *index.Entry, fi fs.FileInfo) {
	if st, ok := fi.Sys().(*syscall.Win32FileAttributeData); ok {
		e.CreatedAt = time.Unix(0, st.CreationTime.Nanoseconds())
	}
}
