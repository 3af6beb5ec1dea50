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
	"github.com/session-intelligence/session-intelligence/shared/memory"
	"github.com/session-intelligence/session-intelligence/shared/summarise"
)

// foldWait bounds how long a fold waits for the one running before it.
const foldWait = 30 * time.Minute

// foldRetryAfter is how long the background folder is not started again
// after it failed.
const foldRetryAfter = time.Minute

// foldLockName names the fold's lock files in the store's .git.
const foldLockName = "ai-fold"

// MemoryFoldCmd is `ai memory fold`: the work of the background folder,
// which `note` and `view` start; by hand it runs in the foreground.
type MemoryFoldCmd struct {
	Background bool   `help:"Run as the background folder: log to the file beside the store, print nothing, step aside when another is already waiting."`
	Store      string `help:"The memory's directory (default: AI_MEMORY_DIR, else ~/.ai/memory)." type:"path"`
	From       string `help:"Read the settings as seen from this directory." type:"path"`
}

// Run folds until nothing the view needs is left unfolded.
func (c *MemoryFoldCmd) Run(d *deps) error {
	if c.From != "" {
		s, err := aiconfig.Load(d.Home, c.From)
		if err != nil {
			return err
		}
		d.Settings = s
	}
	dir := d.memoryDir()
	if c.Store != "" {
		dir = c.Store
	}
	m, _, err := memory.Open(dir, d.Now)
	if err != nil {
		return err
	}
	logger := summarise.Logger{Path: logPath(dir), Now: d.Now}
	work := func() error { return c.fold(d, m, logger) }
	if !c.Background {
		return summarise.Wait(m.Store().GitDir(), foldLockName, foldWait, work)
	}
	_, err = summarise.Exclusive(m.Store().GitDir(), foldLockName, foldWait, work)
	if err != nil {
		logger.Printf("fold: %v", err)
		return errSilent
	}
	return nil
}

// fold runs the folding and reports it: to stdout in the foreground, to
// the log in the background.
func (c *MemoryFoldCmd) fold(d *deps, m *memory.Memory, logger summarise.Logger) error {
	report := func(format string, args ...any) {
		logger.Printf(format, args...)
		if !c.Background {
			fmt.Fprintf(d.Stdout, format+"\n", args...)
		}
	}
	n, err := m.Fold(context.Background(), d.summariser(), d.Settings.Memory.ViewLines, report)
	failed := filepath.Join(m.Store().GitDir(), foldLockName+".failed")
	if err != nil {
		logger.Printf("fold stopped after %d: %v (the next run tries again)", n, err)
		stamp := d.Now().UTC().Format(time.RFC3339Nano)
		_ = fsutil.WriteAtomic(failed, []byte(stamp+"\n"), 0o600, fsutil.NoSync)
		return err
	}
	_ = os.Remove(failed)
	if !c.Background {
		fmt.Fprintf(d.Stdout, "folded %d ranges; nothing left to fold\n", n)
	}
	return nil
}

// summariser is the backend named by the settings, unless the
// environment brings one.
func (d *deps) summariser() memory.Summariser {
	if d.Env.Summariser != nil {
		return d.Env.Summariser
	}
	return summarise.Claude{Model: d.Settings.Summariser.Model}
}

// logPath is the fold log beside the store: ~/.ai/memory.log.
func logPath(dir string) string {
	dir = filepath.Clean(dir)
	return filepath.Join(filepath.Dir(dir), filepath.Base(dir)+".log")
}

// foldLater starts the background folder when the view has ranges left
// to fold, no folder is already waiting to run (it will see them) and the
// last one did not fail within [foldRetryAfter]. It never fails the
// command; a start that fails is logged.
func (d *deps) foldLater(m *memory.Memory) {
	if d.Spawn == nil || d.Getenv("AI_NO_BACKGROUND") == "1" || d.Getenv("AI_SUMMARISER") != "" {
		return
	}
	// After a failure the background folder rests a minute rather than
	// failing again on every note and view.
	if failedRecently(m, d.Now()) {
		return
	}
	todo, err := m.Pending(d.Settings.Memory.ViewLines)
	if err != nil || len(todo) == 0 || summarise.Queued(m.Store().GitDir(), foldLockName) {
		return
	}
	args := []string{"memory", "fold", "--background", "--store", m.Dir(), "--from", d.Cwd}
	if err := d.Spawn(args); err != nil {
		summarise.Logger{Path: logPath(m.Dir()), Now: d.Now}.Printf("start the background fold: %v", err)
	}
}

// failedRecently reports whether the last fold failed less than
// [foldRetryAfter] before now.
func failedRecently(m *memory.Memory, now time.Time) bool {
	data, err := fsutil.ReadCapped(filepath.Join(m.Store().GitDir(), foldLockName+".failed"), 64)
	if err != nil {
		return false
	}
	at, err := time.Parse(time.RFC3339Nano, strings.TrimSpace(string(data)))
	return err == nil && now.Sub(at) < foldRetryAfter && now.After(at.Add(-time.Minute))
}
