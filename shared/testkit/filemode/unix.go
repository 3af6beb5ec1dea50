//go:build !windows

package filemode

import (
	"io/fs"
	"os"
	"testing"
)

// Shown is the mode a file or directory made with perm shows here.
func Shown(perm fs.FileMode, dir bool) fs.FileMode { return perm }

// grantsNoMore has nothing to check where the mode says it all.
func grantsNoMore(string) error { return nil }

// OpenToAll lets every user of the machine make and replace entries in
// dir: here the mode, sticky as /tmp is.
func OpenToAll(t testing.TB, dir string) {
	t.Helper()
	if err := os.Chmod(dir, 0o777|os.ModeSticky); err != nil {
		t.Fatal(err)
	}
}
