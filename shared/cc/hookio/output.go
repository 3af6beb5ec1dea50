package hookio

import (
	"io"
	"unicode/utf8"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
)

// Exit codes as Claude Code reads them: 0 lets the action go ahead and
// reads stdout; 2 blocks on events that can block (stderr is the reason).
// Any other code is a non-blocking error, which we never use on purpose.
const (
	ExitOK    = 0
	ExitBlock = 2
)

// MaxContext is Claude Code's cap on additionalContext and plain stdout;
// longer text is spilled to a file, so we cut it ourselves.
const MaxContext = 10_000

// Result is what a handler wants Claude Code to see. Emit turns it into
// the one form the event accepts and drops what the event cannot take.
type Result struct {
	Context string // hookSpecificOutput.additionalContext for the model
	Notice  string // systemMessage: a line shown to the user, not the model
	Text    string // plain stdout: SessionStart context, PreCompact guidance, PostCompact's line to the user
	Block   string // block with this reason (Stop, UserPromptSubmit, PreCompact)
	// Terminal is a terminalSequence for Claude Code to write to the
	// user's terminal (OSC 0/1/2/9/99/777 or BEL; interactive sessions).
	Terminal string
}

// contextEvents may carry hookSpecificOutput.additionalContext; any other
// event rejects a hookSpecificOutput object as a validation error.
var contextEvents = map[Event]bool{
	SessionStart: true, UserPromptSubmit: true, PreToolUse: true,
	PostToolUse: true, PostToolBatch: true, Stop: true, SubagentStop: true,
}

// textEvents use plain stdout: the model reads it (PreCompact's goes to
// the summariser), except PostCompact's, which Claude Code shows to the
// user alone; elsewhere plain stdout only reaches the debug log.
var textEvents = map[Event]bool{SessionStart: true, UserPromptSubmit: true, PreCompact: true, PostCompact: true}

// noticeEvents show a systemMessage to the user; the others discard it.
// PreModelSwitch's reaches the screen with Claude Code's own line on the
// switch, before any request on the new model.
var noticeEvents = map[Event]bool{SessionStart: true, UserPromptSubmit: true, PreToolUse: true, PostToolUse: true, PostToolBatch: true, Stop: true, PreModelSwitch: true}

// blockEvents are the events where blocking is a feature we use.
var blockEvents = map[Event]bool{Stop: true, UserPromptSubmit: true, PreCompact: true}

type output struct {
	Decision      string    `json:"decision,omitempty"`
	Reason        string    `json:"reason,omitempty"`
	SystemMessage string    `json:"systemMessage,omitempty"`
	Terminal      string    `json:"terminalSequence,omitempty"`
	Specific      *specific `json:"hookSpecificOutput,omitempty"`
}

type specific struct {
	HookEventName     string `json:"hookEventName"`
	AdditionalContext string `json:"additionalContext,omitempty"`
}

// Emit writes res for event and returns the exit code. It never writes
// "continue": false, never writes hookSpecificOutput for an event that
// rejects it, and never blocks a Stop hook that is already continuing
// because of a block (stopActive), which would loop the session.
//
// Every hook's output leaves here, and much of it quotes outside text
// (file names, commit subjects, notes): the notice, shown on the user's
// terminal, is cleaned with [termtext.Text]; what the model reads, with
// [termtext.Model].
func Emit(event Event, res Result, stopActive bool, stdout, stderr io.Writer) int {
	// Terminal is ours (an OSC notification built around cleaned text),
	// so it passes as it is.
	res = Result{Context: termtext.Model(res.Context), Notice: termtext.Text(res.Notice),
		Text: termtext.Model(res.Text), Block: termtext.Model(res.Block), Terminal: res.Terminal}
	if res.Block != "" && blockEvents[event] && !(event == Stop && stopActive) {
		if event == Stop || event == UserPromptSubmit {
			return writeJSON(stdout, output{Decision: "block", Reason: truncate(res.Block)})
		}
		_, _ = io.WriteString(stderr, truncate(res.Block))
		return ExitBlock
	}
	var o output
	if res.Context != "" && contextEvents[event] {
		o.Specific = &specific{HookEventName: string(event), AdditionalContext: truncate(res.Context)}
	}
	if res.Notice != "" && noticeEvents[event] {
		o.SystemMessage = truncate(res.Notice)
	}
	o.Terminal = res.Terminal // every event takes it
	if o.Specific != nil || o.SystemMessage != "" || o.Terminal != "" {
		return writeJSON(stdout, o)
	}
	if res.Text != "" && textEvents[event] {
		_, _ = io.WriteString(stdout, truncate(res.Text))
	}
	return ExitOK
}

func writeJSON(w io.Writer, o output) int {
	data, err := jsonx.Marshal(o)
	if err != nil {
		return ExitOK
	}
	_, _ = w.Write(append(data, '\n'))
	return ExitOK
}

// truncate cuts s to MaxContext characters on a rune boundary.
func truncate(s string) string {
	if utf8.RuneCountInString(s) <= MaxContext {
		return s
	}
	const marker = "\n[…truncated]"
	n := 0
	for i := range s {
		if n == MaxContext-len([]rune(marker)) {
			return s[:i] + marker
		}
		n++
	}
	return s
}
