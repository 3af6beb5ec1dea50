// Package fsutil holds the few file operations that must be done the same
// way everywhere: atomic replacement, private directories, capped reads and
// locked appends. A reader never sees a half-written file.
package fsutil

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// ErrTooLarge is returned by [ReadCapped] when a file exceeds the cap.
var ErrTooLarge = errors.New("file too large")

// PrivateDir creates dir (and parents) with mode 0700 and tightens the
// mode of dir itself if it already existed with a looser one. Parents it
// creates are 0700 too (the umask can only take bits away); parents that
// already existed are left as they are, since they may be the user's.
// dir is one of the plugin's own: anything else found at its path (a
// file, a FIFO, a link to no directory, a link loop) is moved aside
// ([MoveAside]) and the directory made afresh.
func PrivateDir(dir string) error {
	fi, err := os.Stat(dir)
	if err == nil && fi.IsDir() {
		return tightenDir(dir, fi)
	}
	if lfi, lerr := os.Lstat(dir); lerr == nil && !lfi.IsDir() {
		why := fmt.Errorf("a %s where a directory belongs", kind(lfi))
		if _, err := MoveAside(dir, lfi, why); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	if fi, err = os.Stat(dir); err != nil {
		return fmt.Errorf("stat %s: %w", dir, err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s: not a directory", dir)
	}
	return tightenDir(dir, fi)
}

// tightenDir sets dir to 0700 when group or others have any access.
func tightenDir(dir string, fi os.FileInfo) error {
	if PermBits && fi.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(dir, 0o700); err != nil {
			return fmt.Errorf("chmod %s: %w", dir, err)
		}
	}
	return nil
}

// Durability says whether [WriteAtomic] fsyncs before renaming. Caches
// that can be rebuilt skip the fsync; state and user files never do.
type Durability bool

// The two durability levels.
const (
	Sync   Durability = true
	NoSync Durability = false
)

// WriteAtomic replaces path with data: it writes a temporary file in the
// same directory, optionally fsyncs it, and renames it over path
// ([Replace]), so readers see either the old or the new content, never a
// mix. On any
// error the temporary file is removed and path is untouched. After a
// successful rename the temps of path that a killed writer left behind
// are swept ([RemoveStaleTemps]).
func WriteAtomic(path string, data []byte, perm os.FileMode, d Durability) error {
	return WriteAtomicFunc(path, perm, d, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteAtomicMany is [WriteAtomic] without the sweep of stale temps, for
// a writer of many files in one directory that sweeps it once itself
// (an ai store's checkout): reading the directory after each of n files
// costs n² names.
func WriteAtomicMany(path string, data []byte, perm os.FileMode, d Durability) error {
	return writeAtomic(path, perm, d, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteAtomicFunc is [WriteAtomic] for content that write streams into
// the temporary file, for a file too large to build in memory first.
func WriteAtomicFunc(path string, perm os.FileMode, d Durability, write func(io.Writer) error) error {
	if err := writeAtomic(path, perm, d, write); err != nil {
		return err
	}
	RemoveStaleTemps(path)
	return nil
}

// writeAtomic is [WriteAtomicFunc] without the sweep.
func writeAtomic(path string, perm os.FileMode, d Durability, write func(io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, tempPrefix(path)+"*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	if err = tmp.Chmod(perm); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err = write(tmp); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if d == Sync {
		if err = tmp.Sync(); err != nil {
			return fmt.Errorf("sync %s: %w", path, err)
		}
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err = Replace(tmp.Name(), path); err != nil {
		return fmt.Errorf("rename %s: %w", path, err)
	}
	return nil
}

// ReadCapped reads at most limit bytes of path, which must be a regular
// file ([OpenRegular]). A larger file gives ErrTooLarge, so a hostile or
// runaway file cannot exhaust memory. The buffer is sized from the file's
// length, so a read is one allocation.
func ReadCapped(path string, limit int64) ([]byte, error) {
	data, _, err := readCapped(path, limit)
	return data, err
}

// readCapped is [ReadCapped] that also returns what it read from (nil
// when the open failed).
func readCapped(path string, limit int64) ([]byte, os.FileInfo, error) {
	f, fi, err := OpenRegular(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	size := int64(512)
	if fi.Size() > 0 {
		size = fi.Size() + 1 // +1 to see EOF (or growth) in the same read
	}
	buf := make([]byte, 0, min(size, limit+1))
	data, err := readAll(io.LimitReader(f, limit+1), buf)
	if err != nil {
		return nil, fi, fmt.Errorf("read %s: %w", path, err)
	}
	if int64(len(data)) > limit {
		return nil, fi, fmt.Errorf("read %s: %w (over %d bytes)", path, ErrTooLarge, limit)
	}
	return data, fi, nil
}

// readAll is io.ReadAll into a buffer with a capacity hint.
func readAll(r io.Reader, b []byte) ([]byte, error) {
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
}

// AppendLine appends one line (a trailing newline is added) to path,
// opened with [OpenAppend]: every appended file is one of the plugin's
// own logs. The caller holds the file's lock when other processes append
// too. A failed write (disk full) is truncated away, so the file never
// ends in a partial line.
func AppendLine(path string, line []byte) error {
	f, err := OpenAppend(path)
	if err != nil {
		return err
	}
	defer f.Close()
	size, err := f.Seek(0, io.SeekEnd)
	if err != nil {
		return fmt.Errorf("append %s: %w", path, err)
	}
	buf := make([]byte, 0, len(line)+1)
	buf = append(append(buf, line...), '\n')
	if _, err := f.Write(buf); err != nil {
		_ = f.Truncate(size)
		return fmt.Errorf("append %s: %w", path, err)
	}
	return nil
}

// tighten sets an open file to 0600 when group or others have any
// access. It is best effort: a file we may append to but not chmod (one
// of another user's) still gets its line.
func tighten(f *os.File) {
	if fi, err := f.Stat(); err == nil && PermBits && fi.Mode().Perm()&0o077 != 0 {
		_ = f.Chmod(0o600)
	}
}

// MaxBinary caps a program file copied with [CopyAtomic]; ours are
// under 30 MB.
const MaxBinary = 128 << 20

// CopyAtomic copies the regular file src, of at most limit bytes, to dst
// with [WriteAtomic] (so a process running the old dst keeps its inode),
// fsynced, and returns the bytes it wrote.
func CopyAtomic(src, dst string, perm os.FileMode, limit int64) ([]byte, error) {
	data, err := ReadCapped(src, limit)
	if err != nil {
		return nil, err
	}
	return data, WriteAtomic(dst, data, perm, Sync)
}

// PrivateTree is [PrivateDir] for dir and every directory between root
// and it, root included: each is made 0700 or tightened, and anything
// else found at one of their paths is moved aside. It costs one stat when
// dir is already a directory. A dir outside root is [PrivateDir]'s alone.
func PrivateTree(root, dir string) error {
	if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
		return tightenDir(dir, fi)
	}
	rel, err := filepath.Rel(root, dir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return PrivateDir(dir)
	}
	if err := PrivateDir(root); err != nil {
		return err
	}
	cur := root
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		if part == "." {
			continue
		}
		cur = filepath.Join(cur, part)
		if err := PrivateDir(cur); err != nil {
			return err
		}
	}
	return nil
}
