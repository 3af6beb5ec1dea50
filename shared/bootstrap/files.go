package bootstrap

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"unicode/utf8"

	"github.com/session-intelligence/session-intelligence/shared/fsutil"
)

// errNotRegular marks a path that exists but is not a regular file (a
// directory, a FIFO, a device): opening a FIFO would block the hook.
var errNotRegular = errors.New("not a regular file")

// stamp identifies one version of a file without reading it. The zero
// stamp stands for a missing file, so "still missing" also compares equal.
type stamp struct {
	Mtime int64 `json:"mtime,omitempty"` // modification time, unix nanoseconds
	Size  int64 `json:"size,omitempty"`
}

// stampOf stats path (following symlinks); a missing or unreadable path
// gives the zero stamp.
func stampOf(path string) stamp {
	fi, err := os.Stat(path)
	if err != nil {
		return stamp{}
	}
	return stamp{Mtime: fi.ModTime().UnixNano(), Size: fi.Size()}
}

// readRegular reads a regular file of at most limit bytes. The type and
// size are checked on the stat first so that a FIFO is never opened and
// a huge file is never read.
func readRegular(path string, limit int64) ([]byte, fs.FileInfo, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fi, fmt.Errorf("%s: %w", path, errNotRegular)
	}
	if fi.Size() > limit {
		return nil, fi, fmt.Errorf("%s: %w (%d bytes, limit %d)", path, fsutil.ErrTooLarge, fi.Size(), limit)
	}
	data, err := fsutil.ReadCapped(path, limit)
	if err != nil {
		return nil, fi, err
	}
	return data, fi, nil
}

// isText reports whether data looks like a text file we may edit: valid
// UTF-8 without NUL bytes. Anything else is left exactly as it is.
func isText(data []byte) bool {
	return bytes.IndexByte(data, 0) < 0 && utf8.Valid(data)
}

// leftAloneReason turns the errors of [readRegular] that mean "this is
// not a file we should touch" into a short reason; other errors (I/O,
// permissions) give "" and are reported as errors.
func leftAloneReason(err error) string {
	switch {
	case errors.Is(err, errNotRegular):
		return "not a regular file"
	case errors.Is(err, fsutil.ErrTooLarge):
		return "too large to be a hand-kept note"
	}
	return ""
}

// createExclusive writes a new file at path with perm, and only if
// nothing exists there yet (not even a dangling symlink). The content is
// written and synced under a temporary name first and then hard-linked
// into place, which is both atomic (no reader sees a partial file) and
// exclusive (the link fails if path appeared meanwhile). created is false
// when path already existed.
func createExclusive(path string, data []byte, perm os.FileMode) (created bool, err error) {
	if _, err := os.Lstat(path); err == nil {
		return false, nil
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".new*")
	if err != nil {
		return false, fmt.Errorf("create %s: %w", path, err)
	}
	defer os.Remove(tmp.Name())
	if err := writeAndClose(tmp, data, perm); err != nil {
		return false, fmt.Errorf("create %s: %w", path, err)
	}
	err = os.Link(tmp.Name(), path)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, fs.ErrExist):
		return false, nil
	}
	// Some file systems refuse hard links; O_EXCL still guarantees we
	// never clobber a file, at the cost of a window with a partial one.
	return createDirect(path, data, perm)
}

// createDirect is the fallback of [createExclusive] without hard links.
func createDirect(path string, data []byte, perm os.FileMode) (bool, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if errors.Is(err, fs.ErrExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("create %s: %w", path, err)
	}
	if err := writeAndClose(f, data, perm); err != nil {
		_ = os.Remove(path)
		return false, fmt.Errorf("create %s: %w", path, err)
	}
	return true, nil
}

// writeAndClose sets the mode (CreateTemp uses 0600 and the umask would
// trim OpenFile's), writes, syncs and closes f.
func writeAndClose(f *os.File, data []byte, perm os.FileMode) error {
	err := f.Chmod(perm)
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// replaceFile atomically replaces the file at path with data, keeping
// perm. A symlink is followed and its target replaced, so a CLAUDE.md
// linked to a shared file stays a link.
func replaceFile(path string, data []byte, perm os.FileMode) error {
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return fmt.Errorf("resolve %s: %w", path, err)
	}
	return fsutil.WriteAtomic(target, data, perm, fsutil.Sync)
}
