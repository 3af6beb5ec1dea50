package git

import (
	"io/fs"
	"syscall"
	"time"

	"github.com/go-git/go-git/v5/plumbing/format/index"
)

// fillStat copies the stat fields git compares to spot a changed file;
// Darwin names the change time Ctimespec.
func fillStat(e *index.Entry, fi fs.FileInfo) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		e.Dev, e.Inode, e.UID, e.GID = uint32(st.Dev), uint32(st.Ino), st.Uid, st.Gid
		e.CreatedAt = time.Unix(st.Ctimespec.Sec, st.Ctimespec.Nsec)
	}
}
