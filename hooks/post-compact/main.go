// Command si-post-compact is the PostCompact hook of session-intelligence;
// package event/postcompact composes what it runs.
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/event/postcompact"
)

func main() {
	os.Exit(hookio.Run(hookio.PostCompact, postcompact.Handle))
}
