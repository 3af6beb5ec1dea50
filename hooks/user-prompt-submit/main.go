// Command si-user-prompt-submit is the UserPromptSubmit hook of session-intelligence; package
// event/userpromptsubmit composes what it runs, in order.
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/event/userpromptsubmit"
)

func main() {
	os.Exit(hookio.Run(hookio.UserPromptSubmit, userpromptsubmit.Handle))
}
