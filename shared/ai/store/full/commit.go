// Package full commits a project's private store (package ai/store)
// with go-git: it makes the repository on the first write, converts an
// older format once the user agrees, and commits each event. Only the
// commands and the SessionEnd hook link it; the other hooks write under
// the store's lock (ai/store) and leave the commit to the next event.
package full

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/store"
	gitstore "github.com/session-intelligence/session-intelligence/shared/ai/store/git"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// Migrations upgrade format v to v+1; an older store is upgraded only
// once the user agrees ([Options.Confirm]).
var Migrations = map[int]gitstore.Migration{}

// version is the format written: aistore.Version of package ai/store (tests raise it).
var version = store.Version

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

// Open opens the store in dir for writing, making it (with message as
// its first commit) when dir holds no repository yet. An older format is
// converted only after opts.Confirm agrees.
func Open(dir string, message string, opts Options) (*Store, error) {
	older, err := store.CheckFormatFor(dir, version)
	if err != nil {
		return nil, err
	}
	if older > 0 {
		ok := false
		if opts.Confirm != nil {
			if ok, err = opts.Confirm(older, version); err != nil {
				return nil, err
			}
		}
		if !ok {
			return nil, fmt.Errorf("%s has store format %d: %w; run an ai agent command on a terminal and agree to convert it to format %d",
				dir, older, store.ErrOlder, version)
		}
	}
	if err := ensureIgnore(dir); err != nil {
		return nil, err
	}
	gopts := gitstore.Options{Kind: store.Kind, Version: version, Migrations: Migrations, Now: opts.Now, Author: "ai"}
	g, _, err := gitstore.Adopt(dir, gopts, message, store.Skip)
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
	return fsutil.WriteAtomic(path, []byte(store.Ignore), 0o600, fsutil.NoSync)
}

// Event runs write under the lock and then commits everything that
// changed since the last commit, named message; see
// [gitstore.Store.Event].
func (s *Store) Event(message string, write func() error) (string, error) {
	return s.git.Event(message, store.Skip, 0, write)
}

// EventWithin is [Store.Event] waiting at most wait for the lock (a hook
// with a short budget).
func (s *Store) EventWithin(wait time.Duration, message string, write func() error) (string, error) {
	return s.git.Event(message, store.Skip, wait, write)
}

// Head is the newest commit's hash.
func (s *Store) Head() (string, error) { return s.git.Head() }
