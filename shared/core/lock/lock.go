// Package lock serialises processes that share a file, through
// gofrs/flock; it is the one wrapper of that library. Files that several
// processes append to or rewrite are changed under it (settings.json is
// the exception: it is locked the way Claude Code locks it, see package
// cc/settingsjson).
package lock

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/gofrs/flock"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// ErrTimeout is returned when the lock could not be taken before the
// context ended.
var ErrTimeout = errors.New("lock busy")

// A waiting process retries first after pollFirst, because hook critical
// sections last a millisecond or two, and then after pauses that double
// up to pollMost: every try costs the holder too. On Windows a try opens
// the lock file, asks for the lock and closes it again; under Wine each
// of those is a round trip to the one wineserver that also serves the
// holder's own file operations, and seven ai writers retrying every 2 ms
// made the eighth hold the store's lock three times as long.
const (
	pollFirst = 2 * time.Millisecond
	pollMost  = 16 * time.Millisecond
)

// Acquire takes an exclusive lock on path (created 0600 if missing, never
// deleted, so two processes always lock the same inode) and returns the
// function that releases it. It gives up when ctx ends.
func Acquire(ctx context.Context, path string) (release func() error, err error) {
	fl, err := prepare(path)
	if err != nil {
		return nil, err
	}
	ok, err := fl.TryLock()
	holder := ""
	if !ok && err == nil {
		holder = waiting(ctx, path)
		ok, err = retry(ctx, fl.TryLock)
	}
	if err != nil && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled) {
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	if !ok {
		return nil, busy(path, holder)
	}
	return fl.Unlock, nil
}

// retry calls try again, after the pauses above, until it takes the
// lock, fails or ctx ends.
func retry(ctx context.Context, try func() (bool, error)) (bool, error) {
	pause := time.NewTimer(pollFirst)
	defer pause.Stop()
	for next := pollFirst; ; {
		select {
		case <-ctx.Done():
			return false, ctx.Err()
		case <-pause.C:
		}
		if ok, err := try(); ok || err != nil {
			return ok, err
		}
		next = min(2*next, pollMost)
		pause.Reset(next)
	}
}

// TryLock takes the lock on path if it is free, without waiting. ok is
// false when another process holds it; err is set only when the lock
// file cannot be made or opened.
func TryLock(path string) (release func() error, ok bool, err error) {
	fl, err := prepare(path)
	if err != nil {
		return nil, false, err
	}
	got, err := fl.TryLock()
	if err != nil {
		return nil, false, fmt.Errorf("lock %s: %w", path, err)
	}
	if !got {
		return nil, false, nil
	}
	return fl.Unlock, true, nil
}

// prepare makes the lock file's directory and heals the lock file
// itself: anything but a regular file at path (a directory, a FIFO, a
// link, a link loop) would make every open fail or, for a FIFO, wait
// forever, so it is moved aside ([fsutil.MoveAside]) and the lock
// started afresh; a lock file others may read is tightened to 0600. The
// open flock makes never blocks and never follows a link either
// ([fsutil.OwnOpenFlags]), so what is swapped in after the check cannot
// hang it.
func prepare(path string) (*flock.Flock, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	if fi, err := os.Lstat(path); err == nil {
		switch {
		case !fi.Mode().IsRegular():
			if _, err := fsutil.MoveAside(path, fi, errors.New("a lock file that is not a regular file")); err != nil {
				return nil, fmt.Errorf("lock %s: %w", path, err)
			}
		case fsutil.PermBits && fi.Mode().Perm()&0o077 != 0:
			_ = os.Chmod(path, 0o600)
		}
	}
	return flock.New(path, flock.SetPermissions(0o600), flock.SetFlag(openFlags)), nil
}

// Held reports whether another process holds the lock on path now.
func Held(path string) bool {
	release, ok, err := TryLock(path)
	if err != nil {
		return false
	}
	if ok {
		_ = release()
	}
	return !ok
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
