// Command si-session-end is the SessionEnd hook of session-intelligence:
// it records the end of a session attached to an agent and commits the
// agent's thread (package agenthook).
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/agenthook"
	"github.com/session-intelligence/session-intelligence/shared/hookio"
)

func main() {
	os.Exit(hookio.Run(hookio.SessionEnd, agenthook.SessionEnd))
}
