//go:build unix

package bootstrap

import (
	"os"
	"syscall"
	"testing"
)

// unreadable makes path unreadable to this process with mode 0, or skips
// for root, who reads any file.
func unreadable(t *testing.T, path string) {
	t.Helper()
	if os.Geteuid() == 0 {
		t.Skip("root reads any file")
	}
	if err := os.Chmod(path, 0); err != nil {
		t.Fatal(err)
	}
}

// mkfifo makes a FIFO at path.
func mkfifo(path string) error { return syscall.Mkfifo(path, 0o600) }

// inode is fi's inode number, 0 when unknown.
func inode(fi os.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Ino) //nolint:unconvert // not uint64 everywhere
	}
	return 0
}
