package agent

import (
	"os"
	"path/filepath"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/detach"
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
// of the session's agent and the background summariser started. It adds
// nothing for Claude Code to see.
func OnStop(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, error) {
	syncTurn(rt, in)
	return hookio.Result{}, nil
}

// syncTurn copies what the transcript gained and starts the background
// summariser.
func syncTurn(rt *hookio.Runtime, in *hookio.Input) {
	l := Project(rt, in)
	if l == nil {
		return
	}
	name, res, err := SyncTurn(l.Root, rt.SID, in.TranscriptPath, stopWait, rt.Now())
	if err != nil {
		rt.Log.Warnf(map[string]any{"agent": name}, "agent: turn not synced (the next sync catches up): %v", err)
		return
	}
	if name == "" {
		return
	}
	rt.Log.Debugf(map[string]any{"agent": name, "bytes": res.Bytes, "turns": res.Turns}, "agent: turn synced")
	if res.Rewritten != "" || len(res.Repaired) > 0 {
		rt.Log.Warnf(map[string]any{"agent": name, "rewritten": res.Rewritten, "repaired": res.Repaired}, "agent: thread repaired")
	}
	if !l.Settings.Chat.Background || rt.Getenv("AI_NO_BACKGROUND") == "1" {
		return
	}
	if err := Spawn([]string{"agent", "build", "--background", "-a", name, "--from", l.Project}); err != nil {
		rt.Log.Warnf(nil, "agent: start the background summariser: %v", err)
	}
}
