package precompact

import (
	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/intel/capture"
	"github.com/session-intelligence/session-intelligence/shared/intel/guidance"
)

// readCapture brings the session's capture up to the compaction (the
// transcript since the last turn end) and keeps it for the guidance and
// the PostCompact check.
func (w *world) readCapture(rt *hookio.Runtime, in *hookio.Input) {
	if rt.SID == "" || !rt.Config.Compact.KeepRules {
		return
	}
	err := capture.Update(rt.Ctx, w.dir, func(s *capture.Store) bool {
		if in.TranscriptPath != "" {
			if err := s.CatchUp(in.TranscriptPath, rt.Now()); err != nil {
				rt.Log.Debugf(nil, "capture catch-up: %v", err)
			}
		}
		w.words = *s
		return in.TranscriptPath != ""
	})
	if err != nil {
		rt.Log.Warnf(nil, "capture: %v", err)
	}
}

// notePending records what the guidance asked the summary to keep
// besides the user's words, for the PostCompact check.
func (w *world) notePending(rt *hookio.Runtime, in *hookio.Input, g guidance.Input) {
	if rt.SID == "" || !rt.Config.Compact.KeepRules {
		return
	}
	p := &capture.Pending{T: rt.Now().Unix(), InFlight: g.InFlight, Preserve: w.bands().Hot}
	err := capture.Update(rt.Ctx, w.dir, func(s *capture.Store) bool {
		s.Pending = p
		return true
	})
	if err != nil {
		rt.Log.Warnf(nil, "capture: %v", err)
	}
}
