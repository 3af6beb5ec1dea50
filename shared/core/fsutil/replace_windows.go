//go:build windows

package fsutil

import (
	"errors"
	"os"
	"time"

	"golang.org/x/sys/windows"
)

// replaceWait bounds how long Replace retries: readers hold the plugin's
// files for a millisecond or two.
const replaceWait = 250 * time.Millisecond

// Replace renames from to to, replacing what is there atomically. Windows
// refuses to replace a file another process has open (Go opens files
// without FILE_SHARE_DELETE) or a program that is running, so a refusal
// is retried, with growing pauses, for up to replaceWait.
func Replace(from, to string) error {
	deadline := time.Now().Add(replaceWait)
	for pause := time.Millisecond; ; pause = min(2*pause, 50*time.Millisecond) {
		err := os.Rename(from, to)
		if err == nil || !busy(err) || time.Now().After(deadline) {
			return err
		}
		time.Sleep(pause)
	}
}

// busy reports whether err is Windows refusing because the target is in use.
func busy(err error) bool {
	return errors.Is(err, windows.ERROR_ACCESS_DENIED) || errors.Is(err, windows.ERROR_SHARING_VIOLATION)
}
