//go:build unix

package fsutil

import (
	"io/fs"
	"os"
	"syscall"
)

// PermBits is true where a file's mode carries who may read and write
// it, as here.
const PermBits = true

// Owner is the user id that owns the file fi describes; ok is false
// when the platform or the FileInfo carries no owner.
func Owner(fi fs.FileInfo) (uid int, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return int(st.Uid), true
}

// OwnedByOther reports whether fi belongs to a user other than the one
// this process runs as (its effective uid). A file of unknown owner is
// not reported: the check is a refusal, and refusing on every platform
// without owners would disable the plugin there.
func OwnedByOther(fi fs.FileInfo) bool {
	uid, ok := Owner(fi)
	return ok && uid != os.Geteuid()
}
