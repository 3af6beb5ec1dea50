// Package aistore is a project's private store, .ai/local/ in its main
// checkout: one user's agent threads and private settings, kept in a git
// repository of its own that is made on the first write. Writes happen in
// place under the store's lock; events ([Store.Event]) commit what
// changed since the last one, once each, named after the command. Locks
// and logs are never committed.
package aistore

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/gitstore"
)

// Kind and Version name the store's format in its .ai-format file.
const (
	Kind    = "ai-local"
	Version = 1
)

// Migrations upgrade format v to v+1; an older store is upgraded only
// once the user agrees ([Options.Confirm]).
var Migrations = map[int]gitstore.Migration{}

// Ignore is the store's .gitignore: what no commit holds.
const Ignore = "# ai: locks and logs stay out of the history\n*.lock\n*.log\n*.log.1\n"

// ErrOlder: the store has an older format and the user has not agreed
// to convert it.
var ErrOlder = errors.New("older store format")

// Skip leaves locks and logs out of commits, as [Ignore] says.
func Skip(p string) bool {
	p = strings.TrimSuffix(p, "/")
	return strings.HasSuffix(p, ".lock") || strings.HasSuffix(p, ".log") || strings.HasSuffix(p, ".log.1")
}

// Dir is the private store of the project whose main checkout is root.
func Dir(mainRoot string) string { return filepath.Join(mainRoot, ".ai", "local") }

// Options are how a store is opened.
type Options struct {
	Now func() time.Time
	// Confirm asks the user whether to convert a store of format from to
	// to; nil (no terminal) refuses.
	Confirm func(from, to int) (bool, error)
}

// Store is an open private store.
type Store struct {
	git *gitstore.Store
	dir string
}

// Dir is the store's directory.
func (s *Store) Dir() string { return s.dir }

// Path is the working path of slash-separated rel.
func (s *Store) Path(rel string) string { return filepath.Join(s.dir, filepath.FromSlash(rel)) }

// CheckFormat reads dir's format without writing: nil for a store this
// program reads (or none yet), an error for a newer one or another kind;
// an older one returns its version.
func CheckFormat(dir string) (older int, err error) {
	path := filepath.Join(dir, gitstore.FormatFile)
	data, err := fsutil.ReadCapped(path, 4096)
	if errors.Is(err, os.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	fields := strings.Fields(string(bytes.TrimSpace(data)))
	v := 0
	if len(fields) == 2 {
		v, _ = strconv.Atoi(fields[1])
	}
	switch {
	case len(fields) != 2 || v < 1:
		return 0, fmt.Errorf("read %s: want %q, got %q", path, Kind+" N", bytes.TrimSpace(data))
	case fields[0] != Kind:
		return 0, fmt.Errorf("%s holds a %s store, not the private store of ai (%s)", dir, fields[0], Kind)
	case v > Version:
		return 0, fmt.Errorf("%s has store format %d, this ai reads up to %d: %w; install a newer ai",
			dir, v, Version, gitstore.ErrNewer)
	case v < Version:
		return v, nil
	}
	return 0, nil
}

// Open opens the store in dir for writing, making it (with message as
// its first commit) when dir holds no repository yet. An older format is
// converted only after opts.Confirm agrees.
func Open(dir string, message string, opts Options) (*Store, error) {
	older, err := CheckFormat(dir)
	if err != nil {
		return nil, err
	}
	if older > 0 {
		ok := false
		if opts.Confirm != nil {
			if ok, err = opts.Confirm(older, Version); err != nil {
				return nil, err
			}
		}
		if !ok {
			return nil, fmt.Errorf("%s has store format %d: %w; run an ai agent command on a terminal and agree to convert it to format %d",
				dir, older, ErrOlder, Version)
		}
	}
	if err := ensureIgnore(dir); err != nil {
		return nil, err
	}
	gopts := gitstore.Options{Kind: Kind, Version: Version, Migrations: Migrations, Now: opts.Now, Author: "ai"}
	g, _, err := gitstore.Adopt(dir, gopts, message, Skip)
	if err != nil {
		return nil, err
	}
	return &Store{git: g, dir: filepath.Clean(dir)}, nil
}

// ensureIgnore writes the store's .gitignore when it is missing.
func ensureIgnore(dir string) error {
	path := filepath.Join(dir, ".gitignore")
	if _, err := os.Lstat(path); err == nil {
		return nil
	}
	if err := fsutil.PrivateDir(dir); err != nil {
		return err
	}
	return fsutil.WriteAtomic(path, []byte(Ignore), 0o600, fsutil.NoSync)
}

// Locked runs fn under the store's lock, waiting at most wait (zero: two
// minutes), and commits nothing: a sync, a view, the background
// summariser.
func (s *Store) Locked(wait time.Duration, fn func() error) error {
	return s.git.Locked(wait, fn)
}

// Event runs write under the lock and then commits everything that
// changed since the last commit, named message; see
// [gitstore.Store.Event].
func (s *Store) Event(message string, write func() error) (string, error) {
	return s.git.Event(message, Skip, 0, write)
}

// EventWithin is [Store.Event] waiting at most wait for the lock (a hook
// with a short budget).
func (s *Store) EventWithin(wait time.Duration, message string, write func() error) (string, error) {
	return s.git.Event(message, Skip, wait, write)
}

// Head is the newest commit's hash.
func (s *Store) Head() (string, error) { return s.git.Head() }
