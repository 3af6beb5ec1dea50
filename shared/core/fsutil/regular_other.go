//go:build !unix

package fsutil

import "os"

// openNonBlocking opens path read-only. Windows has no FIFOs that a
// plain open could block on; named pipes live apart, under \\.\pipe\.
func openNonBlocking(path string) (*os.File, error) {
	return os.Open(path)
}

// noFollow is not needed on Windows: Go's syscall.Open turns
// O_CREATE|O_EXCL into CREATE_NEW with FILE_FLAG_OPEN_REPARSE_POINT, so
// [CreateNew] fails on a symlink there too, without a window between a
// check and the open.
const noFollow = 0

// ownFlags: nothing to add on Windows (see openNonBlocking); a link or a
// directory at the path is found by the type check after the open.
const ownFlags = 0

// OwnOpenFlags are [ownFlags] for packages that open through a library.
const OwnOpenFlags = ownFlags

// isLoop: Windows reports a link loop as an ordinary open error.
func isLoop(error) bool { return false }

// isNotDir: Windows reports a file used as a folder as a missing path.
func isNotDir(error) bool { return false }
