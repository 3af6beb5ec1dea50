//go:build windows

package bootstrap

import (
	"errors"
	"os"
	"testing"

	"golang.org/x/sys/windows"
)

// unreadable holds path open, sharing nothing, until the test ends: no
// mode makes a file unreadable on Windows (chmod sets only the read-only
// attribute), and a file open elsewhere is what keeps a reader out.
func unreadable(t *testing.T, path string) {
	t.Helper()
	name, err := windows.UTF16PtrFromString(path)
	if err != nil {
		t.Fatal(err)
	}
	h, err := windows.CreateFile(name, windows.GENERIC_READ, 0, nil, windows.OPEN_EXISTING, windows.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = windows.CloseHandle(h) })
}

// mkfifo fails: Windows has no FIFOs in the file system (its named
// pipes live apart, under \\.\pipe\), so the FIFO cases skip.
func mkfifo(string) error { return errors.New("no FIFOs on Windows") }

// inode is 0: a FileInfo from Stat carries no file index on Windows;
// the versions then differ by mtime and size alone.
func inode(os.FileInfo) uint64 { return 0 }
