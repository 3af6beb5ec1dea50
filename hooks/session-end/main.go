// Command si-session-end is the SessionEnd hook of session-intelligence:
// it records the end of a session attached to an agent and commits the
// agent's thread (package event/sessionend).
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/event/sessionend"
)

func main() {
	os.Exit(hookio.Run(hookio.SessionEnd, sessionend.SessionEnd))
}
