package aicli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/aiconfig"
	"github.com/session-intelligence/session-intelligence/shared/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/notes"
	"github.com/session-intelligence/session-intelligence/shared/summarise"
)

// summariseLockName names the topic builder's lock files in the store's
// .git.
const summariseLockName = "ai-summarise"

// NotesSummariseCmd is `ai notes summarise`: the work of the background
// builder, which add, mv, sync and the reads start; by hand it runs in
// the foreground.
type NotesSummariseCmd struct {
	Background bool   `help:"Run as the background builder: log to the file beside the store, print nothing, step aside when another is already waiting."`
	Store      string `help:"The notes' directory (default: AI_NOTES_DIR, else ~/.ai/notes)." type:"path"`
	From       string `help:"Read the settings as seen from this directory." type:"path"`
}

// Run builds every stale summary, one at a time under the lock.
func (c *NotesSummariseCmd) Run(d *deps) error {
	if c.From != "" {
		s, err := aiconfig.Load(d.Home, c.From)
		if err != nil {
			return err
		}
		d.Settings = s
	}
	dir := d.notesDir()
	if c.Store != "" {
		dir = c.Store
	}
	n, _, err := notes.Open(dir, d.Now)
	if err != nil {
		return err
	}
	logger := summarise.Logger{Path: logPath(dir), Now: d.Now}
	work := func() error { return c.build(d, n, logger) }
	if !c.Background {
		return summarise.Wait(n.Store().GitDir(), summariseLockName, foldWait, work)
	}
	if _, err := summarise.Exclusive(n.Store().GitDir(), summariseLockName, foldWait, work); err != nil {
		logger.Printf("summarise: %v", err)
		return errSilent
	}
	return nil
}

// build runs the builder and reports it: to stdout in the foreground, to
// the log always.
func (c *NotesSummariseCmd) build(d *deps, n *notes.Notes, logger summarise.Logger) error {
	report := func(format string, args ...any) {
		logger.Printf(format, args...)
		if !c.Background {
			fmt.Fprintf(d.Stdout, format+"\n", args...)
		}
	}
	built, err := n.Build(context.Background(), d.summariser(), report)
	failed := filepath.Join(n.Store().GitDir(), summariseLockName+".failed")
	if err != nil {
		logger.Printf("summarise stopped after %d: %v (the next run tries again)", built, err)
		stamp := d.Now().UTC().Format(time.RFC3339Nano)
		_ = fsutil.WriteAtomic(failed, []byte(stamp+"\n"), 0o600, fsutil.NoSync)
		return err
	}
	_ = os.Remove(failed)
	if !c.Background {
		fmt.Fprintf(d.Stdout, "summarised %d topics; every summary is current\n", built)
	}
	return nil
}

// summariseLater starts the background builder unless one is already
// waiting to run (it will see the change) or the last one failed within
// [foldRetryAfter]. It never fails the command.
func (d *deps) summariseLater(n *notes.Notes) {
	if d.Spawn == nil || d.Getenv("AI_NO_BACKGROUND") == "1" || d.Getenv("AI_SUMMARISER") != "" {
		return
	}
	git := n.Store().GitDir()
	if builderFailedRecently(git, d.Now()) || summarise.Queued(git, summariseLockName) {
		return
	}
	args := []string{"notes", "summarise", "--background", "--store", n.Dir(), "--from", d.Cwd}
	if err := d.Spawn(args); err != nil {
		summarise.Logger{Path: logPath(n.Dir()), Now: d.Now}.Printf("start the background summariser: %v", err)
	}
}

// builderFailedRecently reports whether the last build failed less than
// [foldRetryAfter] before now.
func builderFailedRecently(gitDir string, now time.Time) bool {
	data, err := fsutil.ReadCapped(filepath.Join(gitDir, summariseLockName+".failed"), 64)
	if err != nil {
		return false
	}
	at, err := time.Parse(time.RFC3339Nano, strings.TrimSpace(string(data)))
	return err == nil && now.Sub(at) < foldRetryAfter && now.After(at.Add(-time.Minute))
}
