// Package stop is the Stop hook: at the end of each turn it composes, in
// order, the agent's turn sync (the turn is copied into the thread of the
// session's agent and its background summariser started; package
// ai/agent), the capture's catch-up on the turn (package intel/capture)
// and the relay's fallback for when the module API is not there
// (past the threshold the stop is blocked with the hand-over request,
// never while stop_hook_active; package relay).
package stop

import (
	"github.com/session-intelligence/session-intelligence/shared/ai/agent"
	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/relay"
)

// Handle is the Stop handler.
var Handle = hookio.Chain(
	hookio.Then("agent turn sync", agent.OnStop),
	hookio.Then("capture catch-up", catchUp),
	hookio.Then("relay", relay.HandleStop),
)
