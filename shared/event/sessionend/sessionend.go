// Package sessionend is the SessionEnd hook of `ai agent`: it records the
// end of a session attached to an agent and commits the thread, within
// Claude Code's short SessionEnd budget (a busy store leaves the commit to
// the next event). It fails open: a problem is logged and the session
// ends as it would.
package sessionend

import (
	"time"

	agentsync "github.com/session-intelligence/session-intelligence/shared/ai/agent"
	"github.com/session-intelligence/session-intelligence/shared/ai/agent/full"
	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// endWait bounds the wait for the store's lock.
const endWait = 400 * time.Millisecond

// SessionEnd records the end of an attached session and commits it; on
// /clear it leaves the agent for the session that follows in the same
// window.
func SessionEnd(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, error) {
	l := agentsync.Project(rt, in)
	if l == nil {
		return hookio.Result{}, nil
	}
	w, err := full.Open(full.Env{IO: proc.IO{Cwd: l.Project, Getenv: rt.Getenv, Now: rt.Now}, Home: rt.Dirs.Home})
	if err != nil {
		rt.Log.Warnf(nil, "agent: %v", err)
		return hookio.Result{}, nil
	}
	name, err := w.EndSession(rt.SID, in.TranscriptPath, endWait)
	if err != nil {
		rt.Log.Warnf(map[string]any{"agent": name}, "agent: session end not committed (the next event commits it): %v", err)
	}
	if name != "" && in.Reason == "clear" {
		agentsync.LeaveCarry(rt, l.Root, name)
	}
	return hookio.Result{}, nil
}
