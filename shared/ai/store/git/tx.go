package git

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/lock"
)

// MaxFile caps one file of a store; segment files stay far below it.
const MaxFile = 64 << 20

// ErrBadPath: a path that is absolute, climbs out of the store, names
// .git or is otherwise not a plain relative path.
var ErrBadPath = errors.New("bad path")

// Tx is one change being prepared by [Store.Update]. Reads see the
// transaction's own writes.
type Tx struct {
	s       *Store
	changes map[string][]byte // nil value: removed
	err     error
}

// Update runs fn under the store's write lock and commits what it wrote
// as one commit, with the message fn returns. It returns the new commit's
// hash, or "" when fn changed nothing (no commit is made). An error from
// fn aborts the change.
func (s *Store) Update(fn func(tx *Tx) (message string, err error)) (string, error) {
	var hash string
	err := lock.With(s.lockPath(), s.opts.lockWait(), func() error {
		var err error
		hash, err = s.updateLocked(fn)
		return err
	})
	return hash, err
}

// updateLocked is [Store.Update] for a caller holding the lock.
func (s *Store) updateLocked(fn func(tx *Tx) (string, error)) (string, error) {
	// Another process may have added packs since this one looked (a
	// sync's fetch); go-git does not look for new ones by itself.
	s.storage = nil
	if err := s.repair(); err != nil {
		return "", err
	}
	tx := &Tx{s: s, changes: map[string][]byte{}}
	message, err := fn(tx)
	if err != nil {
		return "", err
	}
	if tx.err != nil {
		return "", tx.err
	}
	return s.commit(message, tx.changes)
}

func (s *Store) lockPath() string { return filepath.Join(s.gitDir, "ai-write.lock") }

// CleanPath checks a store path: slash-separated, relative, without "."
// or ".." elements, empty elements or a .git element.
func CleanPath(p string) error {
	if p == "" || strings.HasPrefix(p, "/") || strings.ContainsAny(p, "\\\x00") {
		return fmt.Errorf("%w %q", ErrBadPath, p)
	}
	for _, el := range strings.Split(p, "/") {
		if el == "" || el == "." || el == ".." || strings.EqualFold(el, ".git") {
			return fmt.Errorf("%w %q", ErrBadPath, p)
		}
	}
	return nil
}

// Write sets the content of the file at p (slash-separated, relative).
func (tx *Tx) Write(p string, data []byte) {
	if err := CleanPath(p); err != nil {
		tx.fail(err)
		return
	}
	if len(data) > MaxFile {
		tx.fail(fmt.Errorf("write %s: over %d bytes", p, MaxFile))
		return
	}
	tx.changes[p] = slices.Clip(data)
}

// Remove deletes the file at p; removing a missing file does nothing.
func (tx *Tx) Remove(p string) {
	if err := CleanPath(p); err != nil {
		tx.fail(err)
		return
	}
	if _, err := os.Lstat(tx.s.abs(p)); err != nil {
		if _, pending := tx.changes[p]; !pending {
			return
		}
	}
	tx.changes[p] = nil
}

func (tx *Tx) fail(err error) {
	if tx.err == nil {
		tx.err = err
	}
}

// Read returns the content of the file at p as this transaction sees it;
// a missing file gives an error that wraps os.ErrNotExist.
func (tx *Tx) Read(p string) ([]byte, error) {
	if err := CleanPath(p); err != nil {
		return nil, err
	}
	if data, ok := tx.changes[p]; ok {
		if data == nil {
			return nil, fmt.Errorf("read %s: %w", p, os.ErrNotExist)
		}
		return data, nil
	}
	return tx.s.Read(p)
}

// List returns the names in directory dir ("" for the root) as this
// transaction sees them, sorted; subdirectories end in "/".
func (tx *Tx) List(dir string) ([]string, error) {
	names, err := tx.s.List(dir)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	prefix := dir + "/"
	if dir == "" {
		prefix = ""
	}
	set := map[string]bool{}
	for _, n := range names {
		set[n] = true
	}
	for p, data := range tx.changes {
		rest, ok := strings.CutPrefix(p, prefix)
		if !ok {
			continue
		}
		name, _, sub := strings.Cut(rest, "/")
		switch {
		case sub:
			set[name+"/"] = true
		case data == nil:
			delete(set, name)
		default:
			set[name] = true
		}
	}
	out := make([]string, 0, len(set))
	for n := range set {
		out = append(out, n)
	}
	slices.Sort(out)
	return out, nil
}

// Read returns the committed content of the file at p from the working
// files, without a lock.
func (s *Store) Read(p string) ([]byte, error) {
	if err := CleanPath(p); err != nil {
		return nil, err
	}
	data, err := fsutil.ReadCapped(s.abs(p), MaxFile)
	if errors.Is(err, fsutil.ErrTooLarge) {
		return nil, fmt.Errorf("read %s: over %d bytes", p, MaxFile)
	}
	return data, err
}

// ReadInto is [Store.Read] into buf, reused when large enough: for
// callers that read many files one after the other.
func (s *Store) ReadInto(p string, buf []byte) ([]byte, error) {
	if err := CleanPath(p); err != nil {
		return nil, err
	}
	f, fi, err := fsutil.OpenRegular(s.abs(p))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi.Size() > MaxFile {
		return nil, fmt.Errorf("read %s: over %d bytes", p, MaxFile)
	}
	buf = slices.Grow(buf[:0], int(fi.Size()))[:fi.Size()]
	n, err := io.ReadFull(f, buf)
	if err != nil && err != io.ErrUnexpectedEOF {
		return nil, fmt.Errorf("read %s: %w", p, err)
	}
	return buf[:n], nil
}

// List returns the names in directory dir of the working files, sorted;
// subdirectories end in "/". The root's .git is left out.
func (s *Store) List(dir string) ([]string, error) {
	if dir != "" {
		if err := CleanPath(dir); err != nil {
			return nil, err
		}
	}
	entries, err := os.ReadDir(s.abs(dir))
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(entries))
	for _, e := range entries {
		name := e.Name()
		switch {
		case dir == "" && name == ".git", strings.HasPrefix(name, ".") && strings.Contains(name, ".tmp"):
			// .git, and the temporary files of atomic writes
		case e.IsDir():
			out = append(out, name+"/")
		default:
			out = append(out, name)
		}
	}
	return out, nil
}

// abs is the working path of store path p.
func (s *Store) abs(p string) string {
	return filepath.Join(s.dir, filepath.FromSlash(path.Clean("/" + p))[1:])
}
