package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ai/memory"
	"github.com/session-intelligence/session-intelligence/shared/ai/notes"
	"github.com/session-intelligence/session-intelligence/shared/ai/project"
	"github.com/session-intelligence/session-intelligence/shared/ai/summarise"
	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/modelcall"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// StatusCmd is `ai status`.
type StatusCmd struct{}

// Run prints, a line each, the memory, the notes, the project and its
// agents, and the model calls made on the user's account: how many,
// by what, and what turns them off.
func (StatusCmd) Run(d *deps) error {
	var b strings.Builder
	fmt.Fprintf(&b, "memory       %s\n", d.memoryStatus())
	fmt.Fprintf(&b, "notes        %s\n", d.notesStatus())
	fmt.Fprintf(&b, "project      %s\n", d.projectStatus())
	calls := d.calls()
	fmt.Fprintf(&b, "model calls  %s\n", calls.Summary())
	fmt.Fprintf(&b, "             %s\n", calls.Switches())
	_, err := fmt.Fprint(d.Stdout, b.String())
	return err
}

func (d *deps) memoryStatus() string {
	m, _, err := memory.Open(d.memoryDir(), d.Now)
	switch {
	case errors.Is(err, memory.ErrNoMemory):
		return "none yet (ai memory init makes it)"
	case err != nil:
		return "unreadable: " + err.Error()
	}
	n, err := m.Count()
	if err != nil {
		return "unreadable: " + err.Error()
	}
	return fmt.Sprintf("%s: %s", d.pretty(m.Dir()), countOf(n, "note"))
}

func (d *deps) notesStatus() string {
	n, _, err := notes.Open(d.notesDir(), d.Now)
	switch {
	case errors.Is(err, notes.ErrNoNotes):
		return "none yet (the first ai notes add makes them)"
	case err != nil:
		return "unreadable: " + err.Error()
	}
	stale, err := n.Stale()
	if err != nil {
		return "unreadable: " + err.Error()
	}
	return fmt.Sprintf("%s: %s not summarised yet", d.pretty(n.Dir()), countOf(len(stale), "topic"))
}

func (d *deps) projectStatus() string {
	w, err := d.workspace()
	switch {
	case errors.Is(err, project.ErrNoProject):
		return "none here (ai init makes this directory one)"
	case err != nil:
		return "unreadable: " + err.Error()
	}
	list, err := w.List()
	if err != nil {
		return "unreadable: " + err.Error()
	}
	names := make([]string, len(list))
	for i, l := range list {
		names[i] = l.Name
	}
	s := fmt.Sprintf("%s: %s", w.Project.Name, countOf(len(list), "agent"))
	if len(names) > 0 {
		s += " (" + strings.Join(names, ", ") + ")"
	}
	if sid, err := agentSession(d, ""); err == nil {
		if name, _ := w.SessionAgent(sid); name != "" {
			s += "; this session is attached to " + name
		}
	}
	return s
}

// calls reads the model-call ledger session-intelligence keeps for
// every call it makes on the user's account.
func (d *deps) calls() summarise.Calls {
	dirs, err := paths.Resolve(d.Getenv)
	if err != nil {
		return summarise.Calls{Err: err}
	}
	cfg, _ := config.Load(config.Files{Legacy: dirs.LegacyConfig(), Unified: dirs.Config()}, d.Getenv)
	return summarise.ReadCalls(modelcall.Path(dirs), d.Settings, cfg.TaskChange.SemanticFallback, cfg.TaskChange.HaikuModel, d.Now())
}
