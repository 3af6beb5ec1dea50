// Command si-post-tool-use is the PostToolUse hook of session-intelligence.
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/hookio"
	"github.com/session-intelligence/session-intelligence/shared/posttool"
)

func main() {
	os.Exit(hookio.Run(hookio.PostToolUse, posttool.Handle))
}
