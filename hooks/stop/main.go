// Command si-stop is the Stop hook of session-intelligence: it copies
// the turn into the thread of the session's agent (package ai/agent),
// then runs the relay's fallback for when the module API is not there
// (package relay).
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent"
	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/relay"
)

func main() {
	os.Exit(hookio.Run(hookio.Stop, agent.Stop(relay.HandleStop)))
}
