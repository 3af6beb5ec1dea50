package cli

import (
	"context"
	"fmt"

	"github.com/session-intelligence/session-intelligence/shared/ai/notes"
	"github.com/session-intelligence/session-intelligence/shared/ai/summarise"
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
	if err := d.settingsFrom(c.From); err != nil {
		return err
	}
	dir := d.notesDir()
	if c.Store != "" {
		dir = c.Store
	}
	n, _, err := notes.Open(dir, d.Now)
	if err != nil {
		return err
	}
	b := topicBuilder(n)
	b.background = c.Background
	return b.run(d, func(report func(string, ...any)) (int, error) {
		return n.Build(context.Background(), d.summariser(), report)
	}, func(built int) string { return fmt.Sprintf("summarised %d topics; every summary is current", built) })
}

// topicBuilder is the notes' background topic builder.
func topicBuilder(n *notes.Notes) builder {
	return builder{gitDir: n.Store().GitDir(), lock: summariseLockName, log: logPath(n.Dir()), what: "summarise"}
}

// summariseLater starts the background builder unless background work
// is off, there is no summariser, the last build failed within
// [foldRetryAfter], or a builder is already waiting to run (it will see
// the change). It never fails the command; the status says what became
// of the work, for the message.
func (d *deps) summariseLater(n *notes.Notes) bgStatus {
	st, start := d.background(topicBuilder(n))
	if !start {
		return st
	}
	args := []string{"notes", "summarise", "--background", "--store", n.Dir(), "--from", d.Cwd}
	if err := d.Spawn(args); err != nil {
		summarise.Logger{Path: logPath(n.Dir()), Now: d.Now}.Printf("start the background summariser: %v", err)
		return bgStatus{state: bgOff, why: "starting it failed: " + err.Error()}
	}
	st.started = true
	return st
}

// summariesSay is the notes' line about summaries missing or stale.
func (d *deps) summariesSay(n *notes.Notes, st bgStatus) string {
	return "# summaries missing or stale: " + st.say(d, "summary build", "ai notes summarise", "the next ai notes command", logPath(n.Dir())) + "\n"
}
