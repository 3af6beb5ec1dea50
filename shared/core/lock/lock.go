// Package lock serialises processes that share a file, through
// gofrs/flock. Every hook, the status line and the CLIs use it for files
// that several processes append to or rewrite.
package lock

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/gofrs/flock"
)

// ErrTimeout is returned when the lock could not be taken before the
// context ended.
var ErrTimeout = errors.New("lock busy")

// pollEvery is how often a waiting process retries; short, because hook
// critical sections last a millisecond or two.
const pollEvery = 2 * time.Millisecond

// Acquire takes an exclusive lock on path (created 0600 if missing, never
// deleted, so two processes always lock the same inode) and returns the
// function that releases it. It gives up when ctx ends.
func Acquire(ctx context.Context, path string) (release func() error, err error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	fl := flock.New(path, flock.SetPermissions(0o600))
	ok, err := fl.TryLockContext(ctx, pollEvery)
	if err != nil && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled) {
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	if !ok {
		return nil, fmt.Errorf("lock %s: %w", path, ErrTimeout)
	}
	return fl.Unlock, nil
}

// With runs fn while holding the lock on path, waiting at most wait.
func With(path string, wait time.Duration, fn func() error) error {
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	release, err := Acquire(ctx, path)
	if err != nil {
		return err
	}
	defer func() { _ = release() }()
	return fn()
}
