package summarise

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/lock"
)

// testOnlyQueued is called once a caller of [Exclusive] holds the queue.
var testOnlyQueued = func() {}

// Exclusive runs fn so that at most one process runs it and one more
// waits to, per name in dir: a caller that finds one already waiting
// returns at once with ran false, because the waiting one starts after
// the running one and sees the same work. wait bounds the wait for the
// running one.
func Exclusive(dir, name string, wait time.Duration, fn func() error) (ran bool, err error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return false, fmt.Errorf("lock %s: %w", dir, err)
	}
	unqueue, ok, err := lock.TryLock(filepath.Join(dir, name+".queue.lock"))
	if err != nil || !ok {
		return false, err
	}
	testOnlyQueued()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	release, err := lock.Acquire(ctx, filepath.Join(dir, name+".run.lock"))
	_ = unqueue()
	if err != nil {
		return false, err
	}
	defer func() { _ = release() }()
	return true, fn()
}

// Queued reports whether a caller of [Exclusive] for name is waiting to
// run: then a new one would only step aside, and need not be started.
func Queued(dir, name string) bool {
	return lock.Held(filepath.Join(dir, name+".queue.lock"))
}

// Wait runs fn once the running one (started by [Exclusive] or Wait) is
// done, waiting at most wait for it.
func Wait(dir, name string, wait time.Duration, fn func() error) error {
	return lock.With(filepath.Join(dir, name+".run.lock"), wait, fn)
}

// maxLog is the size at which a log file is moved to LOG.1.
const maxLog = 1 << 20

// Logger appends timestamped lines to a log file.
type Logger struct {
	Path string
	Now  func() time.Time
}

// Printf appends one line; logging never fails the caller.
func (l Logger) Printf(format string, args ...any) {
	if l.Path == "" {
		return
	}
	now := time.Now
	if l.Now != nil {
		now = l.Now
	}
	if fi, err := os.Stat(l.Path); err == nil && fi.Size() > maxLog {
		_ = os.Rename(l.Path, l.Path+".1")
	}
	line := now().UTC().Format(time.RFC3339) + " " + fmt.Sprintf(format, args...)
	_ = fsutil.AppendLine(l.Path, []byte(line))
}
