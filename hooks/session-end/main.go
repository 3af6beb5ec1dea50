// Command si-session-end is the SessionEnd hook of session-intelligence; package
// event/sessionend composes what it runs, in order.
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/event/sessionend"
)

func main() {
	os.Exit(hookio.Run(hookio.SessionEnd, sessionend.Handle))
}
