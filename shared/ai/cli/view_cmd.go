package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/full"
	"github.com/session-intelligence/session-intelligence/shared/ai/agent/summary"
	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	"github.com/session-intelligence/session-intelligence/shared/ai/memory"
	"github.com/session-intelligence/session-intelligence/shared/ai/project"
)

// ViewCmd is `ai view`: the whole memory, then this session's thread.
type ViewCmd struct {
	Session string `help:"The session id (default: the session this runs in)."`
}

// Run prints both views, from the summaries written so far.
func (c *ViewCmd) Run(d *deps) error {
	v, err := d.wholeView(context.Background(), firstOf(c.Session, d.Getenv(full.EnvSession)), nil)
	if err != nil {
		return err
	}
	return d.show(v.text)
}

// whole is the memory and, in an attached session, the thread's view.
type whole struct {
	text string
	// agent is the session's agent, "" for none, and project the name of
	// its project; notes counts the memory's notes.
	agent, project string
	notes          int
}

// wholeView renders the memory view, then the view of sid's agent. With
// build set, the thread's lines the view needs are written first (and
// committed by build), and a failure is the error.
func (d *deps) wholeView(ctx context.Context, sid string, build func(*full.Workspace, thread.Agent, full.BuildOptions) error) (whole, error) {
	var out whole
	var b strings.Builder
	mem, n, err := d.memoryText()
	if err != nil {
		return out, err
	}
	out.notes = n
	b.WriteString(mem)
	w, err := d.workspace()
	if errors.Is(err, project.ErrNoProject) || err == nil && sid == "" {
		out.text = b.String()
		return out, nil
	}
	if err != nil {
		return out, err
	}
	name, err := w.SessionAgent(sid)
	if err != nil || name == "" {
		out.text = b.String()
		return out, err
	}
	a, err := w.Agent(name)
	if err != nil {
		return out, err
	}
	if build != nil {
		if err := build(w, a, full.BuildOptions{Scope: summary.ForView, Summariser: d.summariser()}); err != nil {
			return out, err
		}
	}
	v, err := w.View(a)
	if err != nil {
		return out, err
	}
	b.WriteString("\n")
	b.WriteString(v.Text)
	out.text, out.agent, out.project = b.String(), name, w.Project.Name
	return out, nil
}

// memoryText is the memory's view as `ai memory view` prints it, and
// its number of notes; a memory not made yet says so.
func (d *deps) memoryText() (string, int, error) {
	m, _, err := memory.Open(d.memoryDir(), d.Now)
	if errors.Is(err, memory.ErrNoMemory) {
		return "# memory: none yet (ai memory init creates it)\n", 0, nil
	}
	if err != nil {
		return "", 0, err
	}
	v, err := m.View(d.Settings.Memory.ViewLines)
	if err != nil {
		return "", 0, err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# memory: %d notes, oldest first; older ones folded (#FIRST-LAST). Open a line: ai memory zoom ID. Search: ai memory grep REGEX\n", v.Count)
	for _, l := range v.Lines {
		b.WriteString(l + "\n")
	}
	if v.Unfolded > 0 {
		d.foldLater(m)
	}
	return b.String(), v.Count, nil
}
