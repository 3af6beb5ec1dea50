// Package segfile stores one growing file as a directory of fixed-size
// segments (000000, 000001, …): every segment but the last holds exactly
// [SegmentSize] bytes, and appending touches only the last one or two. A
// git commit of a growing file then stores only its newest segment.
//
// A segment left short in the middle, a gap in the numbering or a stray
// name is reported as [ErrCorrupt], never read past: callers repair (cut
// back) or refuse with the message.
package segfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
)

// SegmentSize is the size of every segment but the last.
const SegmentSize = 1 << 20

// ErrCorrupt: the directory is not a valid segmented file.
var ErrCorrupt = errors.New("damaged segmented file")

// File is the segmented file in directory Dir.
type File struct{ Dir string }

// name is the segment file of index i.
func (f File) name(i int) string { return filepath.Join(f.Dir, fmt.Sprintf("%06d", i)) }

// Size returns the file's length; a missing directory is an empty file.
func (f File) Size() (int64, error) {
	n, last, err := f.segments()
	if err != nil || n == 0 {
		return 0, err
	}
	return int64(n-1)*SegmentSize + last, nil
}

// segments counts the segments and returns the last one's size, checking
// that the others are full and the names contiguous.
func (f File) segments() (n int, last int64, err error) {
	entries, err := os.ReadDir(f.Dir)
	if errors.Is(err, os.ErrNotExist) {
		return 0, 0, nil
	}
	if err != nil {
		return 0, 0, fmt.Errorf("read %s: %w", f.Dir, err)
	}
	for i, e := range entries { // ReadDir sorts by name
		if isTemp(e.Name()) {
			continue
		}
		if k, err := strconv.Atoi(e.Name()); err != nil || len(e.Name()) != 6 || k != n {
			return 0, 0, fmt.Errorf("%s: %w: unexpected entry %q (want segment %06d)", f.Dir, ErrCorrupt, e.Name(), n)
		}
		info, err := e.Info()
		if err != nil {
			return 0, 0, fmt.Errorf("stat %s: %w", f.name(n), err)
		}
		if i < len(entries)-1 && info.Size() != SegmentSize && !nextIsTemp(entries, i) {
			return 0, 0, fmt.Errorf("%s: %w: segment %06d has %d bytes, want %d (cut by a crash?)",
				f.Dir, ErrCorrupt, n, info.Size(), SegmentSize)
		}
		if info.Size() > SegmentSize {
			return 0, 0, fmt.Errorf("%s: %w: segment %06d has %d bytes, over %d", f.Dir, ErrCorrupt, n, info.Size(), SegmentSize)
		}
		n, last = n+1, info.Size()
	}
	return n, last, nil
}

// nextIsTemp: only temporary files follow entry i.
func nextIsTemp(entries []os.DirEntry, i int) bool {
	for _, e := range entries[i+1:] {
		if !isTemp(e.Name()) {
			return false
		}
	}
	return true
}

func isTemp(name string) bool { return len(name) > 0 && name[0] == '.' }

// Append adds data at the end, filling the last segment first.
func (f File) Append(data []byte) error {
	if len(data) == 0 {
		return nil
	}
	n, last, err := f.segments()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(f.Dir, 0o700); err != nil {
		return fmt.Errorf("create %s: %w", f.Dir, err)
	}
	i := max(n-1, 0)
	if n > 0 && last == SegmentSize {
		i, last = n, 0
	}
	for len(data) > 0 {
		k := min(int64(len(data)), SegmentSize-last)
		if err := appendTo(f.name(i), data[:k]); err != nil {
			return err
		}
		data = data[k:]
		i, last = i+1, 0
	}
	return nil
}

func appendTo(path string, data []byte) error {
	fh, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("append to %s: %w", path, err)
	}
	_, err = fh.Write(data)
	if cerr := fh.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("append to %s: %w", path, err)
	}
	return nil
}

// Truncate cuts the file to size bytes (no longer than it is).
func (f File) Truncate(size int64) error {
	n, _, err := f.segments()
	if err != nil {
		return err
	}
	keep := int(size / SegmentSize)
	rest := size % SegmentSize
	for i := n - 1; i >= keep; i-- {
		var err error
		if i > keep || rest == 0 {
			err = os.Remove(f.name(i))
		} else {
			err = os.Truncate(f.name(i), rest)
		}
		if err != nil {
			return fmt.Errorf("truncate %s: %w", f.Dir, err)
		}
	}
	return nil
}

// ReadAt reads len(p) bytes at off, like [io.ReaderAt].
func (f File) ReadAt(p []byte, off int64) (int, error) {
	done := 0
	for done < len(p) {
		i, at := int((off+int64(done))/SegmentSize), (off+int64(done))%SegmentSize
		fh, err := os.Open(f.name(i))
		if errors.Is(err, os.ErrNotExist) {
			return done, io.EOF
		}
		if err != nil {
			return done, fmt.Errorf("read %s: %w", f.Dir, err)
		}
		want := min(int64(len(p)-done), SegmentSize-at)
		k, err := fh.ReadAt(p[done:done+int(want)], at)
		fh.Close()
		done += k
		if err == io.EOF && int64(k) == want {
			err = nil
		}
		if err != nil {
			return done, err
		}
	}
	return done, nil
}

// Range returns bytes [from, to) of the file; to beyond the end stops at
// the end. limit caps the result.
func (f File) Range(from, to, limit int64) ([]byte, error) {
	if to-from > limit {
		return nil, fmt.Errorf("read %s: %d bytes asked, over %d", f.Dir, to-from, limit)
	}
	if to <= from {
		return nil, nil
	}
	buf := make([]byte, to-from)
	n, err := f.ReadAt(buf, from)
	if err == io.EOF {
		err = nil
	}
	return buf[:n], err
}

// Reader reads the file from off to its end as one stream.
func (f File) Reader(off int64) io.Reader { return &reader{f: f, off: off} }

type reader struct {
	f   File
	off int64
}

func (r *reader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	p = p[:min(int64(len(p)), SegmentSize-r.off%SegmentSize)]
	n, err := r.f.ReadAt(p, r.off)
	r.off += int64(n)
	if n > 0 && err == io.EOF {
		err = nil
	}
	if n == 0 && err == nil {
		err = io.EOF
	}
	return n, err
}
