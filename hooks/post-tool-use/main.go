// Command si-post-tool-use is the PostToolUse hook of session-intelligence; package
// event/posttooluse composes what it runs, in order.
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/event/posttooluse"
)

func main() {
	os.Exit(hookio.Run(hookio.PostToolUse, posttooluse.Handle))
}
