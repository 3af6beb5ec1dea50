// Package sessionend is the SessionEnd hook: it composes the agent's
// session end (a session attached to an agent has its end recorded and
// the thread committed by `ai agent end-session`; package ai/agent),
// within Claude Code's 1.5 s budget for all SessionEnd hooks, then
// makes the whole private state private again. A problem is logged and
// the session ends as it would.
package sessionend

import (
	"github.com/session-intelligence/session-intelligence/shared/ai/agent"
	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
)

// Handle is the SessionEnd handler.
var Handle = hookio.Chain(
	hookio.Then("agent session end", agent.OnSessionEnd),
	hookio.Then("private state", tightenState),
)
