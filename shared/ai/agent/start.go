package agent

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	"github.com/session-intelligence/session-intelligence/shared/ai/pager"
	"github.com/session-intelligence/session-intelligence/shared/ai/store"
	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// resumeChars caps what SessionStart injects for a resumed agent.
const resumeChars = 8000

// attachWait bounds the attach a session after /clear gets.
const attachWait = 3 * time.Second

// SessionStart returns what the model is told at the start of an
// attached session ("" for none): on a resume, the turns its agent's
// other sessions added meanwhile; after /clear in a window whose session
// had an agent, the new session is attached to it too.
func SessionStart(rt *hookio.Runtime, in *hookio.Input) string {
	sweepViews(rt)
	l := Project(rt, in)
	if l == nil {
		return ""
	}
	if in.Source == "clear" {
		takeCarry(rt, l, in)
	}
	// The transcript's real place, now that Claude Code names it.
	name, _, err := SyncTurn(l.Root, rt.SID, in.TranscriptPath, stopWait, rt.Now())
	if err != nil {
		rt.Log.Warnf(map[string]any{"agent": name}, "agent: %v", err)
	}
	if name == "" {
		return ""
	}
	reopen(rt, thread.Agent{Root: l.Root, Name: name})
	switch in.Source {
	case "resume":
		return resumed(rt, thread.Agent{Root: l.Root, Name: name}, l.Name)
	case "compact", "clear":
		return Reminder(name, l.Name)
	}
	return ""
}

// sweepViews removes the saved views (ai page) that expired, so that
// they go even when no ai command runs for a while; most starts only
// read the stamp of the last sweep.
func sweepViews(rt *hookio.Runtime) {
	if dir, err := pager.Dir(rt.Getenv); err == nil {
		pager.Pager{Dir: dir, Now: rt.Now}.Sweep()
	}
}

// reopen records that a session whose end was recorded runs again
// (claude --resume), so that the agent counts it as live.
func reopen(rt *hookio.Runtime, a thread.Agent) {
	err := store.Locked(a.Root, stopWait, func() error {
		_, err := a.ReopenIfEnded(rt.SID, rt.Now())
		return err
	})
	if err != nil {
		rt.Log.Warnf(map[string]any{"agent": a.Name}, "agent: record the session's start: %v", err)
	}
}

// Reminder tells the model whose session this is, in which project.
func Reminder(name, project string) string {
	return fmt.Sprintf("This session is agent %s's, in project %s: its thread spans all its sessions. Read it with `ai agent view`; open a line with `ai agent zoom ID`; search with `ai agent grep REGEX`.", name, project)
}

// resumed lists the turns of the agent's other sessions after this
// session's last one.
func resumed(rt *hookio.Runtime, a thread.Agent, project string) string {
	th, err := thread.Load(a)
	if err != nil {
		rt.Log.Warnf(nil, "agent: %v", err)
		return Reminder(a.Name, project)
	}
	sums, _ := a.Summaries()
	last := -1
	for _, t := range th.Turns {
		if t.Session == rt.SID {
			last = t.Index
		}
	}
	var b strings.Builder
	b.WriteString(Reminder(a.Name, project))
	n := 0
	for _, t := range th.Turns[last+1:] {
		if t.Session == rt.SID {
			continue
		}
		if n++; n == 1 {
			b.WriteString("\nSince this session last ran, the agent's other sessions added these turns:\n")
		}
		line := "user: " + t.Prompt
		if s, ok := sums[thread.SumTurn+" "+t.Key()]; ok {
			line = s.Text
		}
		entry := fmt.Sprintf("#%d %s %s\n", t.Index, t.At.UTC().Format("2006-01-02"), line)
		if b.Len()+len(entry) > resumeChars {
			b.WriteString("[…more: ai agent view]\n")
			break
		}
		b.WriteString(entry)
	}
	return b.String()
}

// carryPath is where SessionEnd(clear) leaves a window's agent for the
// session that follows: keyed by Claude Code's process.
func carryPath(rt *hookio.Runtime) string {
	pid := paths.SessionID(rt.Getenv("CLAUDE_PID"))
	if pid == "" {
		return ""
	}
	return filepath.Join(rt.Dirs.State, "agent-carry", pid)
}

// LeaveCarry records, at a /clear, the agent the next session in the
// same window joins.
func LeaveCarry(rt *hookio.Runtime, root, name string) {
	path := carryPath(rt)
	if path == "" {
		return
	}
	err := fsutil.PrivateDir(filepath.Dir(path))
	if err == nil {
		err = fsutil.WriteAtomic(path, []byte(root+"\n"+name+"\n"), 0o600, fsutil.NoSync)
	}
	if err != nil {
		rt.Log.Warnf(nil, "agent: keep the agent across /clear: %v", err)
	}
}

// takeCarry attaches a session that follows a /clear to the agent of the
// session it replaced in the same window, through `ai agent attach` (an
// event, which commits).
func takeCarry(rt *hookio.Runtime, l *Local, in *hookio.Input) {
	path := carryPath(rt)
	if path == "" {
		return
	}
	data, err := fsutil.ReadCapped(path, 4096)
	if err != nil {
		return
	}
	_ = os.Remove(path)
	root, name, _ := strings.Cut(strings.TrimSpace(string(data)), "\n")
	if root != l.Root || thread.ValidName(name) != nil {
		return
	}
	ctx, cancel := context.WithTimeout(rt.Ctx, attachWait)
	defer cancel()
	cmd := exec.CommandContext(ctx, AIBinary(), "agent", "attach", name, "--session", rt.SID, "--transcript", in.TranscriptPath)
	cmd.Dir = l.Project
	if out, err := cmd.CombinedOutput(); err != nil {
		rt.Log.Warnf(nil, "agent: attach after /clear: %v: %s", err, strings.TrimSpace(string(out)))
	}
}
