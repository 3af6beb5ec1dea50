package userpromptsubmit

import (
	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/intel/capture"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
)

// captureWords keeps the rules, corrections and decisions the prompt
// states (package capture), verbatim, before the model has seen it. A
// prompt that states none, which is most of them, costs one pass of a
// few regular expressions and touches no file.
func captureWords(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, error) {
	if rt.SID == "" || !rt.Config.Compact.KeepRules {
		return hookio.Result{}, nil
	}
	var items []capture.Item
	for _, f := range capture.Classify(capture.Typed(in.Prompt), capture.Prompt) {
		items = append(items, capture.Item{Kind: f.Kind, Text: f.Text, Prompt: in.PromptID, Source: capture.Prompt})
	}
	if len(items) == 0 {
		return hookio.Result{}, nil
	}
	err := capture.Update(rt.Ctx, session.Dir(rt.Dirs.Session(rt.SID)), func(s *capture.Store) bool {
		return s.Add(rt.Now(), items...) > 0
	})
	if err == nil {
		rt.Log.Infof(map[string]any{"kind": items[0].Kind, "items": len(items)}, "captured the user's words")
	}
	return hookio.Result{}, err
}
