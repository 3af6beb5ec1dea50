// Package userpromptsubmit is the UserPromptSubmit hook: for each prompt
// it composes, in order, the /si confirmation (a YES after a /si preview
// writes the change the user saw, before the model's turn, and ends the
// event there; package si/confirm), the user's words the last
// compaction lost (package intel/capture), the capture of the rules,
// corrections and decisions the prompt states (package intel/capture),
// and the task-change detector (the
// prompt is scored against the current work, and a /compact or /clear is
// hinted on a domain change; package intel/taskchange), and the zone
// check with the prompt in the context (package event/posttooluse). It
// never blocks.
package userpromptsubmit

import (
	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/event/posttooluse"
	"github.com/session-intelligence/session-intelligence/shared/intel/capture"
	"github.com/session-intelligence/session-intelligence/shared/intel/taskchange"
	"github.com/session-intelligence/session-intelligence/shared/si/confirm"
)

// Handle is the UserPromptSubmit handler.
var Handle = hookio.Chain(
	confirm.Step(confirm.RunSibling),
	hookio.Then("lost words", capture.Deliver),
	hookio.Then("capture", captureWords),
	hookio.Then("task change", taskchange.Handle),
	hookio.Then("zones", posttooluse.Prompt),
)
