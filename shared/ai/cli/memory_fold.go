package cli

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/memory"
	"github.com/session-intelligence/session-intelligence/shared/ai/summarise"
	"github.com/session-intelligence/session-intelligence/shared/core/modelcall"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
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
	if err := d.settingsFrom(c.From); err != nil {
		return err
	}
	dir := d.memoryDir()
	if c.Store != "" {
		dir = c.Store
	}
	m, _, err := memory.Open(dir, d.Now)
	if err != nil {
		return err
	}
	b := foldBuilder(m)
	b.background = c.Background
	return b.run(d, func(report func(string, ...any)) (int, error) {
		return m.Fold(context.Background(), d.summariser(), d.Settings.Memory.ViewLines, report)
	}, func(n int) string { return fmt.Sprintf("folded %d ranges; nothing left to fold", n) })
}

// foldBuilder is the memory's background folder.
func foldBuilder(m *memory.Memory) builder {
	return builder{gitDir: m.Store().GitDir(), lock: foldLockName, log: logPath(m.Dir()), what: "fold"}
}

// summariser is the backend named by the settings, unless the
// environment brings one.
func (d *deps) summariser() memory.Summariser {
	if d.Env.Summariser != nil {
		return d.Env.Summariser
	}
	return d.claude(d.Settings.Summariser.Model)
}

// claude is the claude -p summariser asking model, each run recorded in
// the model-call ledger under the command that made it.
func (d *deps) claude(model string) summarise.Claude {
	c := summarise.Claude{Model: model, By: d.caller}
	if dirs, err := paths.Resolve(d.Getenv); err == nil {
		c.Ledger = modelcall.Path(dirs)
	}
	return c
}

// logPath is the fold log beside the store: ~/.ai/memory.log.
func logPath(dir string) string {
	dir = filepath.Clean(dir)
	return filepath.Join(filepath.Dir(dir), filepath.Base(dir)+".log")
}

// foldLater starts the background folder when the view has ranges left
// to fold, unless background work is off, there is no summariser, the
// last fold failed within [foldRetryAfter] (it rests rather than
// failing again on every note and view) or a folder is already waiting
// to run (it will see them). It never fails the command; a start that
// fails is logged. The status says which, for the message.
func (d *deps) foldLater(m *memory.Memory) bgStatus {
	st, start := d.background(foldBuilder(m))
	if !start {
		return st
	}
	todo, err := m.Pending(d.Settings.Memory.ViewLines)
	switch {
	case err != nil:
		return bgStatus{state: bgOff, why: "reading what to fold failed: " + err.Error()}
	case len(todo) == 0:
		return st // nothing to fold: the view folds all it shows
	}
	args := []string{"memory", "fold", "--background", "--store", m.Dir(), "--from", d.Cwd}
	if err := d.Spawn(args); err != nil {
		summarise.Logger{Path: logPath(m.Dir()), Now: d.Now}.Printf("start the background fold: %v", err)
		return bgStatus{state: bgOff, why: "starting it failed: " + err.Error()}
	}
	st.started = true
	return st
}

// foldSays is the memory's line about the ranges left unfolded.
func (d *deps) foldSays(m *memory.Memory, st bgStatus, unfolded int) string {
	subject := countOf(unfolded, "range") + " are"
	if unfolded == 1 {
		subject = "1 range is"
	}
	return fmt.Sprintf("# %s not folded yet: %s\n", subject, st.say(d, "fold", "ai memory fold", "the next note or view", logPath(m.Dir())))
}
