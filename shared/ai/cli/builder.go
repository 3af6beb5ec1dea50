package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/settings"
	"github.com/session-intelligence/session-intelligence/shared/ai/summarise"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// builder is what the memory's folder and the notes' topic builder share:
// one run at a time under a lock in the store's .git, in the foreground
// (waiting its turn, reporting to stdout) or in the background (stepping
// aside when another is already waiting, reporting to the log only), and
// a stamp after a failure so that the next start rests a while.
type builder struct {
	gitDir     string // the store's .git
	lock       string // the lock files' name
	log        string // the log beside the store
	what       string // "fold", "summarise": the log's word for the run
	background bool
}

// work does the run, reporting progress, and returns how much it did.
type work func(report func(format string, args ...any)) (int, error)

// settingsFrom reloads the settings as seen from dir (the background
// run's --from); "" keeps them.
func (d *deps) settingsFrom(dir string) error {
	if dir == "" {
		return nil
	}
	s, err := settings.Load(d.Home, dir)
	if err != nil {
		return err
	}
	d.Settings = s
	return nil
}

// run runs w under the builder's lock; done says what a foreground run
// finished with.
func (b builder) run(d *deps, w work, done func(n int) string) error {
	logger := summarise.Logger{Path: b.log, Now: d.Now}
	job := func() error {
		report := func(format string, args ...any) {
			logger.Printf(format, args...)
			if !b.background {
				fmt.Fprintf(d.Stdout, format+"\n", args...)
			}
		}
		n, err := w(report)
		failed := b.failedPath()
		if err != nil {
			logger.Printf("%s stopped after %d: %v (the next run tries again)", b.what, n, err)
			stamp := d.Now().UTC().Format(time.RFC3339Nano)
			_ = fsutil.WriteAtomic(failed, []byte(stamp+"\n"), 0o600, fsutil.NoSync)
			return err
		}
		_ = os.Remove(failed)
		if !b.background {
			fmt.Fprintln(d.Stdout, done(n))
		}
		return nil
	}
	if !b.background {
		return summarise.Wait(b.gitDir, b.lock, foldWait, job)
	}
	if _, err := summarise.Exclusive(b.gitDir, b.lock, foldWait, job); err != nil {
		logger.Printf("%s: %v", b.what, err)
		return errSilent
	}
	return nil
}

func (b builder) failedPath() string { return filepath.Join(b.gitDir, b.lock+".failed") }
