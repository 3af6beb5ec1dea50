// Package agenthook is `ai agent`'s part of the plugin's hooks: the Stop
// hook copies the turn into the thread of the session's agent and starts
// the background summariser; SessionEnd records the end and commits,
// within Claude Code's short SessionEnd budget; SessionStart tells a
// resumed agent what happened in its other sessions and carries the
// agent across a /clear. Every step fails open: a problem is logged and
// the session goes on.
package agenthook

import (
	"errors"
	"os"
	"path/filepath"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/agent"
	"github.com/session-intelligence/session-intelligence/shared/aiproject"
	"github.com/session-intelligence/session-intelligence/shared/detach"
	"github.com/session-intelligence/session-intelligence/shared/hookio"
)

// Waits for the private store's lock: a Stop hook waits a little for a
// command writing the thread; SessionEnd less, leaving its commit to the
// next event when the store is busy.
const (
	stopWait = 1500 * time.Millisecond
	endWait  = 400 * time.Millisecond
)

// Spawn starts `ai ARGS…` detached; tests replace it.
var Spawn = func(args []string) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	return detach.Start(filepath.Join(filepath.Dir(exe), "ai"), args, nil)
}

// workspace is the project the hook runs in, nil outside one (or inside
// the summariser, whose own hooks must do nothing).
func workspace(rt *hookio.Runtime, in *hookio.Input) *agent.Workspace {
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
	w, err := agent.Open(agent.Env{Home: rt.Dirs.Home, Cwd: dir, Getenv: rt.Getenv, Now: rt.Now})
	if err != nil {
		if !errors.Is(err, aiproject.ErrNoProject) {
			rt.Log.Warnf(nil, "agent: %v", err)
		}
		return nil
	}
	return w
}

// Stop runs the agent's turn sync, then next (the relay's Stop hook):
// one Stop binary, a function per feature.
func Stop(next hookio.Handler) hookio.Handler {
	return func(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, error) {
		syncTurn(rt, in)
		return next(rt, in)
	}
}

// syncTurn copies what the transcript gained and starts the background
// summariser.
func syncTurn(rt *hookio.Runtime, in *hookio.Input) {
	w := workspace(rt, in)
	if w == nil {
		return
	}
	name, res, err := w.SyncTurn(rt.SID, in.TranscriptPath, stopWait)
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
	if !w.Project.Settings.Chat.Background || rt.Getenv("AI_NO_BACKGROUND") == "1" {
		return
	}
	if err := Spawn([]string{"agent", "build", "--background", "-a", name, "--from", w.Project.Root}); err != nil {
		rt.Log.Warnf(nil, "agent: start the background summariser: %v", err)
	}
}

// SessionEnd records the end of an attached session and commits it; on
// /clear it leaves the agent for the session that follows in the same
// window.
func SessionEnd(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, error) {
	w := workspace(rt, in)
	if w == nil {
		return hookio.Result{}, nil
	}
	name, err := w.EndSession(rt.SID, in.TranscriptPath, endWait)
	if err != nil {
		rt.Log.Warnf(map[string]any{"agent": name}, "agent: session end not committed (the next event commits it): %v", err)
	}
	if name != "" && in.Reason == "clear" {
		leaveCarry(rt, w, name)
	}
	return hookio.Result{}, nil
}
