package bootstrap

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"unicode/utf8"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

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

// readRegular reads a regular file of at most limit bytes. The file is
// opened with [fsutil.OpenRegular], so a FIFO is never waited on, and the
// size is checked on the open file before a byte is read. fi describes
// the very file the bytes came from, which lets a caller compare it with
// what an earlier Lstat saw.
func readRegular(path string, limit int64) ([]byte, fs.FileInfo, error) {
	f, fi, err := fsutil.OpenRegular(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	if fi.Size() > limit {
		return nil, fi, fmt.Errorf("%s: %w (%d bytes, limit %d)", path, fsutil.ErrTooLarge, fi.Size(), limit)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fi, fmt.Errorf("read %s: %w", path, err)
	}
	if int64(len(data)) > limit {
		return nil, fi, fmt.Errorf("%s: %w (grew past %d bytes)", path, fsutil.ErrTooLarge, limit)
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
	case errors.Is(err, fsutil.ErrNotRegular):
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
	// The temp is named as WriteAtomic names its own, so that one killed
	// here is swept like theirs ([fsutil.RemoveStaleTemps]).
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
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
		fsutil.RemoveStaleTemps(path)
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
