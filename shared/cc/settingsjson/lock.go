package settingsjson

// This file enforces the locking rule of [Edit]: settings.json is locked
// the way Claude Code locks it, so that the two never write at once.
//
// Claude Code 2.1.332 takes a proper-lockfile lock: it creates
// settings.json.lock as a directory (mkdir is atomic), rewrites the file
// by renaming a temporary over it, and removes the directory; a lock
// directory whose mtime is older than 30 s counts as stale (its holder
// died) and is taken over. Edit does the same, at the same name. An
// flock on a file at that name, as older versions of this package took,
// would make Claude Code's mkdir fail: it retries for about 0.8 s and then
// writes without a lock (seen with strace). So no file of ours ever stays
// at that name, and an old one is removed.

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// ErrLockTimeout is returned when the lock stays taken past the wait.
var ErrLockTimeout = errors.New("settings lock still held")

// staleLock is the age past which a lock directory is taken over; it is
// Claude Code's own threshold for this lock.
const staleLock = 30 * time.Second

// The wait between attempts grows from lockPollMin to lockPollMax;
// Claude Code holds the lock for milliseconds.
const (
	lockPollMin = 2 * time.Millisecond
	lockPollMax = 50 * time.Millisecond
)

// withLock runs fn holding the lock directory lockPath, waiting at most
// wait for another holder to let go.
func withLock(lockPath string, wait time.Duration, fn func() error) error {
	if err := acquire(lockPath, wait); err != nil {
		return err
	}
	defer func() { _ = os.Remove(lockPath) }()
	return fn()
}

// acquire creates the lock directory, taking over a stale one and
// clearing an old flock file of ours from the name first.
func acquire(lockPath string, wait time.Duration) error {
	deadline := time.Now().Add(wait)
	poll := lockPollMin
	for {
		err := os.Mkdir(lockPath, 0o700)
		if err == nil {
			return nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("lock %s: %w", lockPath, err)
		}
		if cleared(lockPath) {
			continue
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("lock %s: %w after %v: Claude Code or another si is writing the settings", lockPath, ErrLockTimeout, wait)
		}
		time.Sleep(poll)
		poll = min(2*poll, lockPollMax)
	}
}

// cleared removes what is in the way at lockPath when it may: a stale
// lock directory, or an flock file left by an older version of ours. It
// reports whether the next attempt may come at once.
func cleared(lockPath string) bool {
	fi, err := os.Lstat(lockPath)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return true // let go meanwhile
	case err != nil:
		return false
	case fi.IsDir() && time.Since(fi.ModTime()) > staleLock:
		return os.Remove(lockPath) == nil // its holder died; an empty directory only
	case ownLockFile(fi):
		return os.Remove(lockPath) == nil
	}
	return false
}

// RemoveLock deletes the flock file an older version of [Edit] left
// beside path (path+".lock"), for uninstall and upgrades: an empty
// regular file of this user. Claude Code's lock directory, or anything
// else at that name, is left alone. removed reports whether the file was
// deleted.
func RemoveLock(path string) (removed bool, err error) {
	lockPath := path + ".lock"
	fi, err := os.Lstat(lockPath)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("remove settings lock: %w", err)
	}
	if !ownLockFile(fi) {
		return false, nil
	}
	if err := os.Remove(lockPath); err != nil {
		return false, fmt.Errorf("remove settings lock: %w", err)
	}
	return true, nil
}

// ownLockFile reports whether fi is a lock file an older version of this
// package made: empty (the flock was never written to), regular, ours.
func ownLockFile(fi fs.FileInfo) bool {
	return fi.Mode().IsRegular() && fi.Size() == 0 && !fsutil.OwnedByOther(fi)
}
