// Command si-pre-compact is the PreCompact hook of session-intelligence; package
// event/precompact composes what it runs, in order.
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/event/precompact"
)

func main() {
	os.Exit(hookio.Run(hookio.PreCompact, precompact.Handle))
}
