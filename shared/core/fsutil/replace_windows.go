//go:build windows

package fsutil

import (
	"errors"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/sys/windows"
)

// replaceWait bounds how long Replace retries: readers hold the plugin's
// files for a millisecond or two.
const replaceWait = 250 * time.Millisecond

// Replace renames from to to, replacing what is there atomically.
//
// Windows replaces a file that others hold open only with POSIX rename
// semantics (Windows 10 1607 and later, on NTFS), and only when every
// holder opened it sharing delete, as [OpenRegular] does: the holders
// then go on reading the old file. Where from and to share a folder (every
// atomic write) the rename goes through [os.Root], which asks for those
// semantics and falls back to the classic rename where the file system
// lacks them. A classic rename is refused while anyone holds the file (and
// a POSIX one while a holder did not share delete, a running program
// included), so a refusal is retried, with growing pauses, for up to
// replaceWait.
func Replace(from, to string) error {
	deadline := time.Now().Add(replaceWait)
	for pause := time.Millisecond; ; pause = min(2*pause, 50*time.Millisecond) {
		err := rename(from, to)
		if err == nil || !busy(err) || time.Now().After(deadline) {
			return err
		}
		time.Sleep(pause)
	}
}

// rename is one attempt of [Replace].
func rename(from, to string) error {
	dir := filepath.Dir(to)
	if filepath.Dir(from) != dir {
		return os.Rename(from, to)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return os.Rename(from, to)
	}
	defer root.Close()
	if err := root.Rename(filepath.Base(from), filepath.Base(to)); err != nil {
		return &os.LinkError{Op: "rename", Old: from, New: to, Err: errors.Unwrap(err)}
	}
	return nil
}

// busy reports whether err is Windows refusing because the target is in use.
func busy(err error) bool {
	return errors.Is(err, windows.ERROR_ACCESS_DENIED) || errors.Is(err, windows.ERROR_SHARING_VIOLATION)
}
