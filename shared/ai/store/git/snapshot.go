package git

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/index"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/lock"
)

// A store can also be written the other way round: its working files are
// changed in place under the write lock ([Store.Locked]) and committed
// later, all at once, by an event ([Store.Event]), the way `git add -A &&
// git commit` would. The `ai agent` threads work like this: a turn's
// sync writes without committing, and the next command commits it.

// Skip reports whether a working path (slash-separated, relative) is left
// out of snapshots: locks, logs. Directories are asked with a trailing
// "/".
type Skip func(path string) bool

// Adopt opens the store in dir, or makes one there if dir holds no
// repository yet, keeping the files it already holds: they and the format
// file go into the first commit, named message.
func Adopt(dir string, opts Options, message string, skip Skip) (s *Store, created bool, err error) {
	s = newStore(dir, opts)
	if _, err := os.Stat(s.gitDir); err == nil {
		s, _, err := Open(dir, opts)
		return s, false, err
	}
	if err := fsutil.PrivateDir(dir); err != nil {
		return nil, false, fmt.Errorf("create store: %w", err)
	}
	format := filepath.Join(dir, FormatFile)
	if _, err := os.Lstat(format); errors.Is(err, os.ErrNotExist) {
		if err := fsutil.WriteAtomic(format, formatBytes(opts.Kind, opts.Version), 0o600, fsutil.NoSync); err != nil {
			return nil, false, fmt.Errorf("create store: %w", err)
		}
	}
	if err := s.initRepo(); err != nil {
		return nil, false, fmt.Errorf("create store %s: %w", dir, err)
	}
	if _, err := s.Event(message, skip, 0, nil); err != nil {
		return nil, false, err
	}
	return s, true, nil
}

// Locked runs fn under the store's write lock, waiting at most wait
// (zero: the store's own wait), and commits nothing.
func (s *Store) Locked(wait time.Duration, fn func() error) error {
	if wait <= 0 {
		wait = s.opts.lockWait()
	}
	return lock.With(s.lockPath(), wait, fn)
}

// Event runs write (nil: nothing) under the write lock, waiting at most
// wait for it (zero: the store's own wait), then commits every working
// file that differs from HEAD as one commit named message. What write
// changed is committed even when it fails; the returned error then holds
// both. No commit is made when nothing changed ("" hash).
func (s *Store) Event(message string, skip Skip, wait time.Duration, write func() error) (string, error) {
	var hash string
	err := s.Locked(wait, func() error {
		var werr error
		if write != nil {
			werr = write()
		}
		h, cerr := s.snapshotLocked(message, skip)
		if cerr != nil {
			cerr = fmt.Errorf("commit %q in %s: %w", message, s.dir, cerr)
		}
		hash = h
		return errors.Join(werr, cerr)
	})
	return hash, err
}

// snapshotLocked commits the working files as they are. A file whose
// size and modification time match its index entry is not read again.
func (s *Store) snapshotLocked(message string, skip Skip) (string, error) {
	known := map[string]*index.Entry{}
	if idx, err := s.readIndex(); err == nil {
		for _, e := range idx.Entries {
			known[e.Name] = e
		}
	}
	changes := map[string][]byte{}
	seen := map[string]bool{}
	err := filepath.WalkDir(s.dir, func(abs string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(s.dir, abs)
		rel = filepath.ToSlash(rel)
		switch {
		case rel == ".":
			return nil
		case d.IsDir() && (rel == ".git" || skip != nil && skip(rel+"/")):
			return filepath.SkipDir
		case d.IsDir() || !d.Type().IsRegular() || isTemp(d.Name()) || skip != nil && skip(rel):
			return nil
		}
		seen[rel] = true
		return s.noteChange(changes, known[rel], rel, abs)
	})
	if err != nil {
		return "", fmt.Errorf("read the working files: %w", err)
	}
	for name := range known {
		if !seen[name] {
			changes[name] = nil
		}
	}
	return s.commit(message, changes)
}

// noteChange adds the file at abs to changes unless its index entry e
// already holds its content.
func (s *Store) noteChange(changes map[string][]byte, e *index.Entry, rel, abs string) error {
	if CleanPath(rel) != nil {
		return nil // a name git could not hold (".git" below the top)
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return err
	}
	if e != nil && int64(e.Size) == fi.Size() && e.ModifiedAt.Equal(fi.ModTime()) {
		return nil
	}
	data, err := fsutil.ReadCapped(abs, MaxFile)
	if err != nil {
		return err
	}
	if e != nil && e.Hash == plumbing.ComputeHash(plumbing.BlobObject, data) {
		return nil
	}
	changes[rel] = data
	return nil
}

// isTemp: the temporary files of atomic writes (".name.tmp123").
func isTemp(name string) bool {
	return strings.HasPrefix(name, ".") && strings.Contains(name, ".tmp")
}
