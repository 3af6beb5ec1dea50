package capture

import (
	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
)

// maxRestore bounds the runes of the user's words given back after one
// compaction.
const maxRestore = 3000

// Deliver gives the model back the user's words the last compaction's
// summary lost, once: the PostCompact hook judged the summary and left
// the list, and the first hook after it that can add context (the next
// prompt, the next tool call, or the SessionStart of a compaction path
// that checks first) takes it. Claude Code 2.1.332 runs SessionStart
// (source "compact") before PostCompact on its main compaction path, so
// a list is usually taken by the next prompt or tool call.
func Deliver(rt *hookio.Runtime, _ *hookio.Input) (hookio.Result, error) {
	if rt.SID == "" || !rt.Config.Compact.KeepRules {
		return hookio.Result{}, nil
	}
	r, ok := TakeRestore(session.Dir(rt.Dirs.Session(rt.SID)).RestoreFile(), rt.Now())
	if !ok {
		return hookio.Result{}, nil
	}
	text := RestoreBlock(r)
	if text != "" {
		rt.Log.Infof(map[string]any{"items": len(r.Items), "unchecked": r.Unchecked}, "gave the model back the user's words the compaction lost")
	}
	return hookio.Result{Context: text}, nil
}

// RestoreBlock renders a restore list for the model, "" when empty.
func RestoreBlock(r Restore) string {
	quoted := Quote(r.Items, nil, maxRestore)
	if quoted == "" {
		return ""
	}
	if r.Unchecked {
		return "THE USER'S OWN WORDS FROM EARLIER IN THIS SESSION (Claude Code sent no compaction summary to check; " +
			"the rules, corrections and decisions the user gave, quoted verbatim, still stand):\n" + quoted
	}
	return "THE USER'S OWN WORDS THE SUMMARY LOST (session-intelligence checked the compaction's summary: these rules, " +
		"corrections and decisions the user gave earlier in this session are not in it; quoted verbatim, they still stand):\n" + quoted
}
