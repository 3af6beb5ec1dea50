// Command si-session-start is the SessionStart hook of session-intelligence; package
// event/sessionstart composes what it runs, in order.
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/event/sessionstart"
)

func main() {
	os.Exit(hookio.Run(hookio.SessionStart, sessionstart.Handle))
}
