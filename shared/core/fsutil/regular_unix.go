//go:build unix

package fsutil

import (
	"os"
	"syscall"
)

// openNonBlocking opens path read-only with O_NONBLOCK, which makes the
// open of a FIFO return at once; on a regular file the flag changes
// nothing.
func openNonBlocking(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
}

// noFollow makes an open fail on a symlink rather than follow it.
const noFollow = syscall.O_NOFOLLOW
