//go:build windows

package bootstrap

import (
	"errors"
	"os"
)

// mkfifo fails: Windows has no FIFOs in the file system (its named
// pipes live apart, under \\.\pipe\), so the FIFO cases skip.
func mkfifo(string) error { return errors.New("no FIFOs on Windows") }

// inode is 0: a FileInfo from Stat carries no file index on Windows;
// the versions then differ by mtime and size alone.
func inode(os.FileInfo) uint64 { return 0 }
