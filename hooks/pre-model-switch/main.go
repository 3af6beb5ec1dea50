// Command si-pre-model-switch is the PreModelSwitch hook of
// session-intelligence; package event/premodelswitch composes what it runs.
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/event/premodelswitch"
)

func main() {
	os.Exit(hookio.Run(hookio.PreModelSwitch, premodelswitch.Handle))
}
