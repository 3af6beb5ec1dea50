//go:build windows

package fsutil

import (
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sys/windows"
)

// openNonBlocking opens path read-only, sharing read, write and delete
// with others: a writer may then replace the file while this reader
// holds it ([Replace]). Windows has no FIFOs that an open could block
// on; named pipes live apart, under \\.\pipe\.
func openNonBlocking(path string) (*os.File, error) {
	p, err := windows.UTF16PtrFromString(longPath(path))
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	h, err := windows.CreateFile(p, windows.GENERIC_READ,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE,
		nil, windows.OPEN_EXISTING, windows.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(h), path), nil
}

// longPath is path in the \\?\ form that lifts the 260-character limit
// of Windows's path calls, for a call that, unlike Go's os functions,
// does not do so itself. Relative and short paths are left as they are.
func longPath(path string) string {
	if len(path) < 248 || !filepath.IsAbs(path) || strings.HasPrefix(path, `\\?\`) {
		return path
	}
	p := filepath.Clean(path) // the \\?\ form takes no "/", "." or ".."
	if rest, ok := strings.CutPrefix(p, `\\`); ok {
		return `\\?\UNC\` + rest
	}
	return `\\?\` + p
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
