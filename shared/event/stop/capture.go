package stop

import (
	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/intel/capture"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
)

// catchUp reads the turn the transcript gained for what the prompt hook
// cannot see (messages queued mid-turn, feedback typed when rejecting a
// tool use, answers to the agent's questions) and for the session's open
// tasks and the error being chased, so that a compaction finds them
// current.
func catchUp(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, error) {
	if rt.SID == "" || in.TranscriptPath == "" || !rt.Config.Compact.KeepRules {
		return hookio.Result{}, nil
	}
	return hookio.Result{}, capture.Update(rt.Ctx, session.Dir(rt.Dirs.Session(rt.SID)), func(s *capture.Store) bool {
		if err := s.CatchUp(in.TranscriptPath, rt.Now()); err != nil {
			rt.Log.Debugf(nil, "capture catch-up: %v", err)
		}
		return true
	})
}
