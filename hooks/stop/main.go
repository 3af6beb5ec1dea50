// Command si-stop is the Stop hook of session-intelligence; package
// event/stop composes what it runs, in order.
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/event/stop"
)

func main() {
	os.Exit(hookio.Run(hookio.Stop, stop.Handle))
}
