package agenthook

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/agent"
	"github.com/session-intelligence/session-intelligence/shared/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/hookio"
	"github.com/session-intelligence/session-intelligence/shared/paths"
	"github.com/session-intelligence/session-intelligence/shared/thread"
)

// resumeChars caps what SessionStart injects for a resumed agent.
const resumeChars = 8000

// SessionStart returns what the model is told at the start of an
// attached session ("" for none): on a resume, the turns its agent's
// other sessions added meanwhile; after /clear in a window whose session
// had an agent, the new session is attached to it too.
func SessionStart(rt *hookio.Runtime, in *hookio.Input) string {
	w := workspace(rt, in)
	if w == nil {
		return ""
	}
	if in.Source == "clear" {
		takeCarry(rt, w, in)
	}
	name, err := w.SessionAgent(rt.SID)
	if err != nil || name == "" {
		return ""
	}
	a, err := w.Agent(name)
	if err != nil {
		rt.Log.Warnf(nil, "agent: %v", err)
		return ""
	}
	if in.TranscriptPath != "" {
		// The transcript's real place, now that Claude Code named it.
		_, _, _ = w.SyncTurn(rt.SID, in.TranscriptPath, stopWait)
	}
	switch in.Source {
	case "resume":
		return resumed(rt, a)
	case "compact", "clear":
		return reminder(name)
	}
	return ""
}

func reminder(name string) string {
	return fmt.Sprintf("This session is agent %s's: its thread spans all its sessions. Read it with `ai agent view`; open a line with `ai agent zoom ID`; search with `ai agent grep REGEX`.", name)
}

// resumed lists the turns of the agent's other sessions after this
// session's last one.
func resumed(rt *hookio.Runtime, a thread.Agent) string {
	src, err := agent.Source(a)
	if err != nil {
		rt.Log.Warnf(nil, "agent: %v", err)
		return reminder(a.Name)
	}
	last := -1
	for _, t := range src.Thread.Turns {
		if t.Session == rt.SID {
			last = t.Index
		}
	}
	var b strings.Builder
	b.WriteString(reminder(a.Name))
	n := 0
	for _, t := range src.Thread.Turns[last+1:] {
		if t.Session == rt.SID {
			continue
		}
		if n == 0 {
			b.WriteString("\nSince this session last ran, the agent's other sessions added these turns:\n")
		}
		n++
		line := "user: " + t.Prompt
		if s, ok := src.Sums[thread.SumTurn+" "+t.Key()]; ok {
			line = s.Text
		}
		entry := fmt.Sprintf("#%d %s %s\n", t.Index, t.At.UTC().Format("2006-01-02"), line)
		if b.Len()+len(entry) > resumeChars {
			fmt.Fprintf(&b, "[…more: ai agent view]\n")
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

func leaveCarry(rt *hookio.Runtime, w *agent.Workspace, name string) {
	path := carryPath(rt)
	if path == "" {
		return
	}
	if err := fsutil.PrivateDir(filepath.Dir(path)); err == nil {
		err = fsutil.WriteAtomic(path, []byte(w.Root()+"\n"+name+"\n"), 0o600, fsutil.NoSync)
		if err != nil {
			rt.Log.Warnf(nil, "agent: keep the agent across /clear: %v", err)
		}
	}
}

// takeCarry attaches a session that follows a /clear to the agent of the
// session it replaced in the same window.
func takeCarry(rt *hookio.Runtime, w *agent.Workspace, in *hookio.Input) {
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
	if root != w.Root() || name == "" {
		return
	}
	_, err = w.Attach(name, rt.SID, in.TranscriptPath, in.Cwd, "ai agent attach "+name)
	if err != nil && !errors.Is(err, agent.ErrAttached) {
		rt.Log.Warnf(nil, "agent: attach after /clear: %v", err)
	}
}
