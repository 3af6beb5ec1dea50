// Command si-user-prompt-submit is the UserPromptSubmit hook of
// session-intelligence: it writes a /si change the user has just
// confirmed with YES (package siconfirm), then runs the task-change
// detector (package taskchange).
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/hookio"
	"github.com/session-intelligence/session-intelligence/shared/siconfirm"
	"github.com/session-intelligence/session-intelligence/shared/taskchange"
)

func main() {
	os.Exit(hookio.Run(hookio.UserPromptSubmit, siconfirm.Confirm(siconfirm.RunSibling, taskchange.Handle)))
}
