// Command si-user-prompt-submit is the UserPromptSubmit hook of
// session-intelligence: it writes a /si change the user has just
// confirmed with YES (package si/confirm), then runs the task-change
// detector (package taskchange).
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/intel/taskchange"
	"github.com/session-intelligence/session-intelligence/shared/si/confirm"
)

func main() {
	os.Exit(hookio.Run(hookio.UserPromptSubmit, confirm.Confirm(confirm.RunSibling, taskchange.Handle)))
}
