// Command si-user-prompt-submit is the UserPromptSubmit hook of
// session-intelligence: the task-change detector (package taskchange).
package main

import (
	"os"

	"github.com/session-intelligence/session-intelligence/shared/hookio"
	"github.com/session-intelligence/session-intelligence/shared/taskchange"
)

func main() {
	os.Exit(hookio.Run(hookio.UserPromptSubmit, taskchange.Handle))
}
