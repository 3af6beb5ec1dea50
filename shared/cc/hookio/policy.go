package hookio

import "time"

// Policy is one event's written failure policy and limits.
//
// Every event the plugin handles fails open: malformed or oversized input,
// a stdin that never closes, a panic, a locked file, a full or read-only
// disk all end in exit 0 with no output and one line in the debug log, and
// the session goes on exactly as if the hook were not installed. Files are
// only ever replaced atomically or appended to under a lock, so a failure
// leaves no partial file. Exit 2 is used only where blocking is the
// feature, and a Stop hook never blocks while stop_hook_active is true.
type Policy struct {
	MaxPayload  int64         // stdin cap in bytes
	ReadTimeout time.Duration // stdin must close before this
	Budget      time.Duration // the handler's own deadline (locks, I/O)
	OnFailure   string        // what the user and the model see on failure
}

// Policies holds the policy of each event the plugin registers.
var Policies = map[Event]Policy{
	SessionStart: {MaxPayload: 1 << 20, ReadTimeout: 2 * time.Second, Budget: 4 * time.Second,
		OnFailure: "exit 0, no output: the session starts without injected context"},
	UserPromptSubmit: {MaxPayload: 4 << 20, ReadTimeout: 2 * time.Second, Budget: 4 * time.Second,
		OnFailure: "exit 0, no output: the prompt goes through unchanged and is never blocked"},
	PostToolUse: {MaxPayload: 32 << 20, ReadTimeout: 3 * time.Second, Budget: 5 * time.Second,
		OnFailure: "exit 0, no output: the tool result stands, no advisory, no shape entry, no archive"},
	PostToolBatch: {MaxPayload: 64 << 20, ReadTimeout: 3 * time.Second, Budget: 5 * time.Second,
		OnFailure: "exit 0, no output: the results stand, no advisory"},
	PreCompact: {MaxPayload: 1 << 20, ReadTimeout: 2 * time.Second, Budget: 4 * time.Second,
		OnFailure: "exit 0, no output: the compaction runs with the user's own instructions only; never blocked"},
	// The summary comes in the payload: Claude Code's are tens of KB,
	// but nothing bounds them, so a large one is read and judged in part.
	PostCompact: {MaxPayload: 8 << 20, ReadTimeout: 2 * time.Second, Budget: 3 * time.Second,
		OnFailure: "exit 0, no output: the compaction stands unchecked; the resume then gives back every captured instruction"},
	Stop: {MaxPayload: 4 << 20, ReadTimeout: 2 * time.Second, Budget: 4 * time.Second,
		OnFailure: "exit 0, no output: the turn ends normally; never blocks while stop_hook_active"},
	// A PreModelSwitch hook that times out blocks the switch: read and
	// answer well inside the command's timeout.
	PreModelSwitch: {MaxPayload: 1 << 20, ReadTimeout: time.Second, Budget: time.Second,
		OnFailure: "exit 0, no output: the switch goes ahead as if the hook were not installed; never blocked or asked"},
	// Claude Code gives all SessionEnd hooks 1.5 s together and kills them
	// after: read fast, and leave slow work to the next event.
	SessionEnd: {MaxPayload: 1 << 20, ReadTimeout: 500 * time.Millisecond, Budget: time.Second,
		OnFailure: "exit 0, no output: the session ends; an agent's end-of-session commit is left to the next event"},
}

// policyFor returns the event's policy, or a conservative default.
func policyFor(e Event) Policy {
	if p, ok := Policies[e]; ok {
		return p
	}
	return Policy{MaxPayload: 1 << 20, ReadTimeout: 2 * time.Second, Budget: 4 * time.Second, OnFailure: "exit 0, no output"}
}
