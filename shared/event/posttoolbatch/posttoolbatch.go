// Package posttoolbatch is the PostToolBatch hook: once the results of a
// batch of parallel calls are all in, it judges the zone on what the
// next request will carry (the context the transcript shows and the
// results, as the model reads them), so that a batch that jumps past
// every zone is caught before the request that carries it, not one
// response later. The advisory is the PostToolUse hook's (package
// event/posttooluse), by the same rule; it reaches the model through
// additionalContext, beside the results.
//
// Claude Code 2.1.332 runs PostToolBatch after the PostToolUse hooks of
// the batch (and for a batch of one call), with tool_response the
// tool_result content; failed calls are in it too (see the end-to-end
// tests).
package posttoolbatch

import (
	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/event/posttooluse"
	"github.com/session-intelligence/session-intelligence/shared/intel/escalate"
)

// Handle is the PostToolBatch handler.
func Handle(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, error) {
	if rt.SID == "" || len(in.ToolCalls) == 0 {
		rt.Log.Debugf(map[string]int{"calls": len(in.ToolCalls)}, "no session id or no calls; skipped")
		return hookio.Result{}, nil
	}
	sent := make([]escalate.Sent, 0, len(in.ToolCalls))
	for _, c := range in.ToolCalls {
		sent = append(sent, escalate.Sent{Input: c.ToolInput, Result: c.ToolResponse})
	}
	if in.ToolUseID == "" {
		in.ToolUseID = in.ToolCalls[len(in.ToolCalls)-1].ToolUseID // the response the transcript must show
	}
	return posttooluse.Judge(rt, in, escalate.Batch(sent))
}
