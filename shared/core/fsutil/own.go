package fsutil

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"
)

// The helpers below are for the plugin's own files (under its state root
// and its files in the logs directory), never for the user's: each one
// heals what it finds damaged ([MoveAside]) and goes on.

// ReadOwn is [ReadCapped] for one of the plugin's own files. A path that
// holds no regular file, a link loop or a file over limit is moved aside
// and reported as missing ([ErrHealed]), so the caller starts afresh.
func ReadOwn(path string, limit int64) ([]byte, error) {
	data, _, err := readOwn(path, limit)
	return data, err
}

// readOwn is [ReadOwn] that also returns what it read from.
func readOwn(path string, limit int64) ([]byte, os.FileInfo, error) {
	data, fi, err := readCapped(path, limit)
	switch {
	case errors.Is(err, ErrTooLarge):
		return nil, nil, heal(path, fi, err)
	case Damage(err):
		return nil, nil, heal(path, nil, err)
	}
	return data, fi, notExist(err)
}

// ReadOwnDecoded reads one of the plugin's own documents and decodes it
// with decode (jsonx.Into(&v) for JSON), returning what it read. A file
// that [ReadOwn] finds damaged, or whose content does not decode (garbage,
// a member of the wrong type), is moved aside and reported as
// [ErrHealed]; what decode filled may then be half done, so a caller
// starts from a zero value on any error. An empty file (what a write cut
// by a power loss can leave) is no damage: it is reported as [ErrEmpty]
// and left for the next write to replace.
func ReadOwnDecoded(path string, limit int64, decode func([]byte) error) ([]byte, error) {
	data, fi, err := readOwn(path, limit)
	if err != nil {
		return nil, err
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, ErrEmpty
	}
	if err := decode(data); err != nil {
		return nil, heal(path, fi, fmt.Errorf("does not decode: %w", err))
	}
	return data, nil
}

// ErrEmpty is [ReadOwnDecoded]'s answer for an empty file; it wraps
// fs.ErrNotExist.
var ErrEmpty = fmt.Errorf("empty file: %w", fs.ErrNotExist)

// notExist makes "a parent is not a directory" a missing file too (the
// parent is its own owner's to heal), so callers start afresh on it.
func notExist(err error) error {
	if isNotDir(err) && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%w (%w)", fs.ErrNotExist, err)
	}
	return err
}

// heal moves path aside and returns ErrHealed, or the error of the move.
func heal(path string, judged os.FileInfo, why error) error {
	if _, err := MoveAside(path, judged, why); err != nil {
		return err
	}
	return ErrHealed
}

// WriteOwn replaces one of the plugin's own files with data, 0600
// ([WriteAtomic]). A directory (or anything a rename cannot replace) at
// path is moved aside first.
func WriteOwn(path string, data []byte, d Durability) error {
	err := WriteAtomic(path, data, 0o600, d)
	if err == nil || !healTarget(path) {
		return err
	}
	return WriteAtomic(path, data, 0o600, d)
}

// healTarget moves aside what sits at path when it is not a regular file
// or a link (a rename replaces those); true when it did.
func healTarget(path string) bool {
	fi, err := os.Lstat(path)
	if err != nil || fi.Mode().IsRegular() || fi.Mode()&fs.ModeSymlink != 0 {
		return false
	}
	aside, err := MoveAside(path, fi, fmt.Errorf("a %s where a file belongs", kind(fi)))
	return err == nil && aside != ""
}

// kind names what a non-regular path is, for a log line.
func kind(fi os.FileInfo) string {
	m := fi.Mode()
	switch {
	case m.IsDir():
		return "directory"
	case m&fs.ModeNamedPipe != 0:
		return "FIFO"
	case m&fs.ModeSymlink != 0:
		return "link"
	case m&fs.ModeDevice != 0:
		return "device"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m.IsRegular():
		return "file"
	}
	return "special file"
}

// OpenAppend opens one of the plugin's own logs for appending, creating
// it 0600 and tightening an existing one that others may read. The open
// never blocks and never follows a link; a path that holds no regular
// file is moved aside and the open tried again once.
func OpenAppend(path string) (*os.File, error) {
	f, err := openOwn(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE)
	if err != nil && healOpen(path, err) {
		f, err = openOwn(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE)
	}
	if err != nil {
		return nil, fmt.Errorf("append %s: %w", path, err)
	}
	tighten(f)
	return f, nil
}

// openOwn opens path with flag and [ownFlags] and checks that what it
// opened is a regular file.
func openOwn(path string, flag int) (*os.File, error) {
	f, err := os.OpenFile(path, flag|ownFlags, 0o600)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = &fs.PathError{Op: "open", Path: path, Err: ErrNotRegular}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// healOpen moves aside what made an open of path fail when it is not a
// regular file (a FIFO without a reader, a directory, a link); true when
// it moved something.
func healOpen(path string, err error) bool {
	fi, lerr := os.Lstat(path)
	if lerr != nil || fi.Mode().IsRegular() {
		return false
	}
	aside, merr := MoveAside(path, fi, fmt.Errorf("a %s where a file belongs (%w)", kind(fi), err))
	return merr == nil && aside != ""
}

// Touch creates the marker file path (empty, 0600) or, when it exists,
// sets its time to t; the open never blocks or follows a link, and a
// path that holds no regular file is moved aside first.
func Touch(path string, t time.Time) error {
	f, err := openOwn(path, os.O_WRONLY|os.O_CREATE)
	if err != nil && healOpen(path, err) {
		f, err = openOwn(path, os.O_WRONLY|os.O_CREATE)
	}
	if err != nil {
		return fmt.Errorf("mark %s: %w", path, err)
	}
	tighten(f)
	if err := f.Close(); err != nil {
		return fmt.Errorf("mark %s: %w", path, err)
	}
	if err := os.Chtimes(path, t, t); err != nil {
		return fmt.Errorf("mark %s: %w", path, err)
	}
	return nil
}

// Within reports whether a time stamp (a marker's modification time) is
// less than d before now. A stamp more than d in the future is not: only
// a wrong clock or a tampered file puts one there, and it must not turn
// off for years what runs once per d. (A stamp a little ahead, from a
// process whose clock read came a moment later, still counts.)
func Within(stamp, now time.Time, d time.Duration) bool {
	age := now.Sub(stamp)
	return age < d && age > -d
}

// Recent reports whether the marker at path exists and was stamped
// [Within] d of now. Anything but a regular file there is moved aside
// and is no marker ([Marked]).
func Recent(path string, now time.Time, d time.Duration) bool {
	fi, err := os.Lstat(path)
	if err != nil {
		return false
	}
	if !fi.Mode().IsRegular() {
		return Marked(path)
	}
	return Within(fi.ModTime(), now, d)
}

// ReadOwnTail reads one of the plugin's own line logs, or its newest
// part when it is longer than limit: the last limit bytes from the first
// line that starts in them. A path that holds no regular file (or a
// link loop) is moved aside like [ReadOwn] does. cut reports whether
// older lines were left out.
func ReadOwnTail(path string, limit int64) (data []byte, cut bool, err error) {
	f, fi, err := OpenRegular(path)
	if Damage(err) {
		return nil, false, heal(path, nil, err)
	}
	if err != nil {
		return nil, false, notExist(err)
	}
	defer f.Close()
	// From one byte before the tail, so that a line starting right at it
	// is seen to start there.
	off := max(0, fi.Size()-limit-1)
	buf := make([]byte, 0, min(fi.Size()-off, limit+1)+1)
	data, err = readAll(io.NewSectionReader(f, off, limit+1), buf)
	if err != nil {
		return nil, false, fmt.Errorf("read %s: %w", path, err)
	}
	if off > 0 {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			return nil, true, nil // one line longer than limit: nothing whole
		}
		data = data[i+1:]
	}
	return data, off > 0, nil
}

// Marked reports whether the marker file path exists. Anything but a
// regular file there is moved aside and counts as no marker, so that
// what the marker guards runs again once and sets a good one.
func Marked(path string) bool {
	fi, err := os.Lstat(path)
	if err != nil {
		return false
	}
	if fi.Mode().IsRegular() {
		return true
	}
	_, _ = MoveAside(path, fi, fmt.Errorf("a %s where a marker file belongs", kind(fi)))
	return false
}
