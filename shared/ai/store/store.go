// Package store is a project's private store, .ai/local/ in its main
// checkout: one user's agent threads and private settings, in a git
// repository of its own (package ai/store/full commits it). This package is
// the lean part every hook links: where the store is, its format, what
// is never committed, and its lock. Writes happen in place under the
// lock; events commit what changed since the last one.
package store

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/lock"
)

// Kind and Version name the store's format in its .ai-format file.
const (
	Kind    = "ai-local"
	Version = 1
)

// FormatFile names the store's kind and format (ai/store/git's format file).
const FormatFile = ".ai-format"

// Ignore is the store's .gitignore: what no commit holds.
const Ignore = "# ai: locks and logs stay out of the history\n*.lock\n*.log\n*.log.1\n"

// Errors callers check with errors.Is.
var (
	// ErrOlder: the store has an older format and the user has not
	// agreed to convert it.
	ErrOlder = errors.New("older store format")
	// ErrNewer: the store was written by a newer ai.
	ErrNewer = errors.New("written by a newer version")
)

// Skip leaves locks and logs out of commits, as [Ignore] says.
func Skip(p string) bool {
	p = strings.TrimSuffix(p, "/")
	return strings.HasSuffix(p, ".lock") || strings.HasSuffix(p, ".log") || strings.HasSuffix(p, ".log.1")
}

// Dir is the private store of the project whose main checkout is root.
func Dir(mainRoot string) string { return filepath.Join(mainRoot, ".ai", "local") }

// LockPath is the store's write lock: the one its commits take
// (ai/store/git's .git/ai-write.lock).
func LockPath(dir string) string { return filepath.Join(dir, ".git", "ai-write.lock") }

// defaultWait bounds a wait for the lock when the caller names none.
const defaultWait = 2 * time.Minute

// Locked runs fn under the store's lock, waiting at most wait (zero: two
// minutes), and commits nothing: a sync, a view, the background
// summariser.
func Locked(dir string, wait time.Duration, fn func() error) error {
	if wait <= 0 {
		wait = defaultWait
	}
	return lock.With(LockPath(dir), wait, fn)
}

// CheckFormat reads dir's format without writing: nil for a store this
// program reads (or none yet), an error for a newer one or another kind;
// an older one returns its version.
func CheckFormat(dir string) (older int, err error) { return CheckFormatFor(dir, Version) }

// CheckFormatFor is [CheckFormat] for a program that writes format
// version.
func CheckFormatFor(dir string, version int) (older int, err error) {
	path := filepath.Join(dir, FormatFile)
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
	case v > version:
		return 0, fmt.Errorf("%s has store format %d, this ai reads up to %d: %w; install a newer ai", dir, v, version, ErrNewer)
	case v < version:
		return v, nil
	}
	return 0, nil
}
