// Package filemode is what a test expects of the permissions of a file
// or directory the plugin made, said once for every system. On Unix the
// mode bits carry it. On Windows a mode holds only the read-only
// attribute (Go shows a writable file as 0666 and every directory as
// 0777) and who may read a file is its ACL's business: there the
// expectation is that the object grants nobody anything its parent
// folder does not hand down, so a file made in the user's private
// profile stays as private as the profile. (Wine, where the Windows lane
// runs, makes ACLs from Unix modes and does not inherit them; the check
// holds there too, but shows inheritance only on real Windows.)
package filemode

import (
	"io/fs"
	"os"
	"testing"
)

// Check fails t unless path (not followed if a symlink) has the
// permissions perm stands for on this system.
func Check(t testing.TB, path string, perm fs.FileMode) {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil {
		t.Errorf("%s: %v", path, err)
		return
	}
	if got, want := fi.Mode().Perm(), Shown(perm, fi.IsDir()); got != want {
		t.Errorf("%s: mode %v, want %v", path, got, want)
	}
	if err := grantsNoMore(path); err != nil {
		t.Errorf("%s: %v", path, err)
	}
}
