//go:build unix

package fsutil

import (
	"errors"
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

// ownFlags are added to every open of one of the plugin's own files for
// writing: a FIFO never blocks the open (without a reader it fails with
// ENXIO), a link is never followed, a terminal never becomes ours.
const ownFlags = syscall.O_NONBLOCK | syscall.O_NOFOLLOW | syscall.O_NOCTTY

// OwnOpenFlags are [ownFlags] for packages that open through a library
// (the lock file).
const OwnOpenFlags = ownFlags

// isLoop reports a symlink loop, or a link where O_NOFOLLOW refused one
// (ELOOP; EMLINK on the BSDs).
func isLoop(err error) bool {
	return errors.Is(err, syscall.ELOOP) || errors.Is(err, syscall.EMLINK)
}

// isNotDir reports that a component of a path is not a directory.
func isNotDir(err error) bool { return errors.Is(err, syscall.ENOTDIR) }
