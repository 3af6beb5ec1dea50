package agent

import (
	"context"
	"os/exec"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
)

// Claude Code gives all SessionEnd hooks 1.5 s together and kills them
// after, so the end waits at most endWait for a command writing the
// thread, and the whole run is bounded by endTimeout.
const (
	endWait    = 400 * time.Millisecond
	endTimeout = time.Second
)

// OnSessionEnd is the agent's part in SessionEnd: when the session is
// attached to an agent, `ai agent end-session` records its end in the
// thread and commits the private store. The commit is git code, which no
// hook links, so it runs in the ai binary beside the hook; sessions with
// no agent cost one small read. After /clear the agent is kept for the
// session that follows in the same window.
func OnSessionEnd(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, error) {
	l := Project(rt, in)
	if l == nil {
		return hookio.Result{}, nil
	}
	name, err := thread.AttachedTo(l.Root, rt.SID)
	if err != nil || name == "" {
		return hookio.Result{}, err
	}
	args := []string{"agent", "end-session", "--session", rt.SID, "--wait", endWait.String()}
	if in.TranscriptPath != "" {
		args = append(args, "--transcript", in.TranscriptPath)
	}
	ctx, cancel := context.WithTimeout(rt.Ctx, endTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, AIBinary(), args...)
	cmd.Dir = l.Project
	if out, err := cmd.CombinedOutput(); err != nil {
		rt.Log.Warnf(map[string]any{"agent": name}, "agent: session end not committed (the next event commits it): %v: %s", err, strings.TrimSpace(string(out)))
	}
	if in.Reason == "clear" {
		LeaveCarry(rt, l.Root, name)
	}
	return hookio.Result{}, nil
}
