//go:build !unix && !windows

package fsutil

import "os"

// openNonBlocking opens path read-only: the systems that are neither
// unix nor Windows have no FIFOs that a plain open could block on.
func openNonBlocking(path string) (*os.File, error) {
	return os.Open(path)
}

// noFollow has no flag to stand for here.
const noFollow = 0

// ownFlags: nothing to add (see openNonBlocking); a link or a directory
// at the path is found by the type check after the open.
const ownFlags = 0

// OwnOpenFlags are [ownFlags] for packages that open through a library.
const OwnOpenFlags = ownFlags

// isLoop: these systems report a link loop as an ordinary open error.
func isLoop(error) bool { return false }

// isNotDir: a file used as a folder is reported as a missing path.
func isNotDir(error) bool { return false }
