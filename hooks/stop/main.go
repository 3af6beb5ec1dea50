// Command si-stop is the Stop hook of session-intelligence: the relay's
// fallback when the module API is not there (package relay).
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/hookio"
	"github.com/session-intelligence/session-intelligence/shared/relay"
)

func main() {
	os.Exit(hookio.Run(hookio.Stop, relay.HandleStop))
}
