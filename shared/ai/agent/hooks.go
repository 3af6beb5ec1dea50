package agent

import (
	"os"
	"path/filepath"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/detach"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// stopWait bounds the Stop hook's wait for a command writing the thread.
const stopWait = 1500 * time.Millisecond

// Spawn starts `ai ARGS…` from the plugin's bin directory, detached;
// tests replace it.
var Spawn = func(args []string) error {
	return detach.Start(AIBinary(), args, nil)
}

// AIBinary is the ai command beside the running hook binary.
func AIBinary() string {
	exe, err := os.Executable()
	if err != nil {
		return "ai"
	}
	return filepath.Join(filepath.Dir(exe), proc.Exe("ai"))
}

// Project is the project a hook runs in, nil outside one (or inside the
// summariser, whose own hooks must do nothing).
func Project(rt *hookio.Runtime, in *hookio.Input) *Local {
	if rt.SID == "" || rt.Getenv("AI_SUMMARISER") != "" {
		return nil
	}
	dir := rt.Getenv("CLAUDE_PROJECT_DIR")
	if dir == "" {
		dir = in.Cwd
	}
	if dir == "" {
		return nil
	}
	l, err := Find(rt.Dirs.Home, dir)
	if err != nil {
		rt.Log.Warnf(nil, "agent: %v", err)
		return nil
	}
	return l
}

// OnStop is the agent's part in Stop: the turn is copied into the thread
// of the session's agent and the background summariser started. The
// first start in a session tells the user (not the model) that it calls
// a model, which, and the setting that turns it off.
func OnStop(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, error) {
	l, name := syncTurn(rt, in)
	if name == "" || !firstInSession(rt, summariserTold) {
		return hookio.Result{}, nil
	}
	return hookio.Result{Notice: SummariserNotice(name, l.Settings.Summariser.Model)}, nil
}

// summariserTold marks, in the session's private directory, that the
// background summariser was announced.
const summariserTold = "told-agent-summariser"

// SummariserNotice says that agent name's thread is summarised in the
// background after each turn, by model calls on the user's account.
func SummariserNotice(name, model string) string {
	return "session-intelligence: agent " + name + "'s thread is summarised in the background after each turn; each summary is a model call on your Claude Code account (claude -p --model " + model +
		"). [chat] background = false in ai.toml turns that off; si doctor counts the calls."
}

// firstInSession reports whether the marker was missing from the
// session's private directory, and leaves it there.
func firstInSession(rt *hookio.Runtime, marker string) bool {
	dir := rt.Dirs.Session(rt.SID)
	path := filepath.Join(dir, marker)
	if _, err := os.Lstat(path); err == nil {
		return false
	}
	return fsutil.PrivateDir(dir) == nil && os.WriteFile(path, nil, 0o600) == nil
}

// syncTurn copies what the transcript gained and starts the background
// summariser; it returns the project and the agent it started one for.
func syncTurn(rt *hookio.Runtime, in *hookio.Input) (*Local, string) {
	l := Project(rt, in)
	if l == nil {
		return nil, ""
	}
	name, res, err := SyncTurn(l.Root, rt.SID, in.TranscriptPath, stopWait, rt.Now())
	if err == nil && res.Pending && in.TranscriptPath != "" {
		res, err = catchUp(rt, l.Root, name, in.TranscriptPath, res)
	}
	if err != nil {
		rt.Log.Warnf(map[string]any{"agent": name}, "agent: turn not synced (the next sync catches up): %v", err)
		return nil, ""
	}
	if name == "" {
		return nil, ""
	}
	rt.Log.Debugf(map[string]any{"agent": name, "bytes": res.Bytes, "turns": res.Turns}, "agent: turn synced")
	if res.Rewritten != "" || len(res.Repaired) > 0 {
		rt.Log.Warnf(map[string]any{"agent": name, "rewritten": res.Rewritten, "repaired": res.Repaired}, "agent: thread repaired")
	}
	if !l.Settings.Chat.Background || rt.Getenv("AI_NO_BACKGROUND") == "1" {
		return nil, ""
	}
	if err := Spawn([]string{"agent", "build", "--background", "-a", name, "--from", l.Project}); err != nil {
		rt.Log.Warnf(nil, "agent: start the background summariser: %v", err)
		return nil, ""
	}
	return l, name
}
