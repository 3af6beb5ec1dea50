package fsutil

import (
	"errors"
	"fmt"
	"os"
)

// ErrNotRegular is returned by [OpenRegular] for a path that is not a
// regular file (a FIFO, a device, a socket or a directory).
var ErrNotRegular = errors.New("not a regular file")

// CreateNew creates path for writing with perm. It fails when anything
// is at path, a symlink included (never followed, even to nothing), so
// it never replaces or writes through an existing file.
func CreateNew(path string, perm os.FileMode) (*os.File, error) {
	return os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|noFollow, perm)
}

// OpenRegular opens path for reading only when it is a regular file
// (symlinks followed). The type is checked before the open, and the open
// itself cannot block (a FIFO swapped in between is opened non-blocking
// and then refused), so no path can hang a hook: a FIFO waits for a
// writer, /dev/zero never ends, a directory is no file. A regular file
// that an atomic write put in place between the check and the open is
// the newer version of the file, and is read.
func OpenRegular(path string) (*os.File, os.FileInfo, error) {
	fi, err := os.Stat(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			pe.Op = "open" // what the caller asked for
		}
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, fmt.Errorf("%s: %w", path, ErrNotRegular)
	}
	f, err := openNonBlocking(path)
	if err != nil {
		return nil, nil, err
	}
	got, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !got.Mode().IsRegular() {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %w (replaced while opened)", path, ErrNotRegular)
	}
	return f, got, nil
}
