// Package posttooluse is the PostToolUse hook: in one process per tool call
// it counts the call, keeps the token estimate, appends a shape entry,
// archives a large response, and, when the context escalates into the
// orange or red zone, hands the model a grounded advisory through
// additionalContext.
//
// Why additionalContext and not exit 2: with Claude Code 2.1.332 both
// reach the model on its next request, but exit 2 arrives labelled
// "PostToolUse hook blocking error from command …" and shows as an error
// in the transcript, while additionalContext arrives as
// "PostToolUse:<tool> hook additional context: …", which reads as the
// advice it is (see the end-to-end tests).
package posttooluse

import (
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/intel/capture"
	"github.com/session-intelligence/session-intelligence/shared/intel/escalate"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
)

// sweepEvery is how often stale session directories are looked for.
const sweepEvery = 24 * time.Hour

// Handle is the PostToolUse handler.
func Handle(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, error) {
	if rt.SID == "" {
		rt.Log.Debugf(nil, "no session id; skipped")
		return hookio.Result{}, nil
	}
	dir := session.Dir(rt.Dirs.Session(rt.SID))
	var res hookio.Result
	err := dir.Locked(rt.Ctx, func() error {
		st := dir.Load()
		var err error
		res, err = step(rt, in, dir, &st)
		if saveErr := dir.Save(st, rt.Now()); err == nil {
			err = saveErr
		}
		return err
	})
	if err != nil {
		return hookio.Result{}, err
	}
	ttl := time.Duration(rt.Config.Archive.TTLDays) * 24 * time.Hour
	if n, err := session.Sweep(rt.Dirs.Sessions(), ttl, sweepEvery, rt.Now()); err != nil {
		rt.Log.Warnf(nil, "sweep: %v", err)
	} else if n > 0 {
		rt.Log.Infof(map[string]int{"removed": n}, "swept stale sessions")
	}
	// After an automatic compaction in the middle of a turn, the first
	// tool call is the first hook that can give the model back what the
	// summary lost (package capture).
	if lost, _ := capture.Deliver(rt, in); lost.Context != "" {
		res.Context = strings.TrimSpace(lost.Context + "\n\n" + res.Context)
	}
	return res, nil
}

// step does the work under the session lock.
func step(rt *hookio.Runtime, in *hookio.Input, dir session.Dir, st *session.State) (hookio.Result, error) {
	st.Calls++
	st.Estimate += escalate.Estimate(in.ToolInput, in.ToolResponse)
	if in.Cwd != "" {
		st.Cwd = in.Cwd
	}
	m := measure(rt, in, st)
	c := describe(rt, in, m)
	if err := recordShape(rt, in, dir, st, c); err != nil {
		rt.Log.Warnf(nil, "shape log: %v", err)
	}
	if err := watchRegret(rt, in, dir, c); err != nil {
		rt.Log.Warnf(nil, "regret: %v", err)
	}
	if err := archiveResponse(rt, in, dir, st); err != nil {
		rt.Log.Warnf(nil, "archive: %v", err)
	}
	return advise(rt, in, st, m), nil
}
