// Package hookio is the runtime every hook binary shares: it reads the
// event payload from stdin with a size cap and a deadline, decodes it
// leniently, runs the event's handler under a panic guard, and writes only
// output that Claude Code accepts for that event. Every failure follows the
// event's written fail-open policy ([Policies]).
package hookio

import (
	"errors"
	"fmt"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// Event names a Claude Code hook event.
type Event string

// The events the plugin handles or may receive.
const (
	SessionStart     Event = "SessionStart"
	UserPromptSubmit Event = "UserPromptSubmit"
	PreToolUse       Event = "PreToolUse"
	PostToolUse      Event = "PostToolUse"
	PostToolBatch    Event = "PostToolBatch"
	PreCompact       Event = "PreCompact"
	PostCompact      Event = "PostCompact"
	Stop             Event = "Stop"
	SubagentStop     Event = "SubagentStop"
	SessionEnd       Event = "SessionEnd"
	PreModelSwitch   Event = "PreModelSwitch"
)

// Events lists every event above.
var Events = []Event{SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, PostToolBatch, PreCompact, PostCompact, Stop, SubagentStop, SessionEnd, PreModelSwitch}

// Input is the union of every event's stdin fields. Decoding tolerates
// unknown fields, missing fields, null in place of a string, and a value
// of the wrong type (the field is left empty). Tool input and response
// stay raw: they are large and their shape depends on the tool.
type Input struct {
	SessionID      string `json:"session_id"`
	TranscriptPath string `json:"transcript_path"`
	Cwd            string `json:"cwd"`
	HookEventName  string `json:"hook_event_name"`
	PermissionMode string `json:"permission_mode"`
	PromptID       string `json:"prompt_id"`
	AgentID        string `json:"agent_id"`
	AgentType      string `json:"agent_type"`

	Source       string `json:"source"` // SessionStart: startup|resume|clear|compact|fork
	Model        string `json:"model"`  // SessionStart, sometimes
	Prompt       string `json:"prompt"` // UserPromptSubmit
	ContextToken int64  `json:"context_tokens"`

	ToolName     string           `json:"tool_name"`
	ToolInput    jsonx.RawMessage `json:"tool_input"`
	ToolResponse jsonx.RawMessage `json:"tool_response"`
	ToolUseID    string           `json:"tool_use_id"`
	DurationMs   int64            `json:"duration_ms"`
	ToolCalls    []BatchCall      `json:"tool_calls"` // PostToolBatch

	Trigger            string  `json:"trigger"`             // PreCompact/PostCompact: manual|auto
	CustomInstructions *string `json:"custom_instructions"` // null for auto compactions
	CompactSummary     string  `json:"compact_summary"`

	StopHookActive       bool   `json:"stop_hook_active"`
	LastAssistantMessage string `json:"last_assistant_message"`
	AgentTranscriptPath  string `json:"agent_transcript_path"`
	Reason               string `json:"reason"` // SessionEnd

	// PreModelSwitch (Claude Code 2.1.251+): the switch, the context the
	// next request re-sends and Claude Code's own estimate of re-caching
	// it on ToModel. Source is command, picker or sdk.
	FromModel       string  `json:"from_model"`
	ToModel         string  `json:"to_model"`
	PromptCacheWarm bool    `json:"prompt_cache_warm"`
	CacheTTL        string  `json:"cache_ttl"`                 // 5m | 1h
	EstimatedUSD    float64 `json:"estimated_cache_write_usd"` // at Pricing
	Pricing         string  `json:"pricing"`                   // configured | catalog | default
}

// BatchCall is one call of a PostToolBatch: its tool_response is the
// tool_result content the model reads (a string or an array of blocks),
// not PostToolUse's structured object.
type BatchCall struct {
	ToolName     string           `json:"tool_name"`
	ToolInput    jsonx.RawMessage `json:"tool_input"`
	ToolUseID    string           `json:"tool_use_id"`
	ToolResponse jsonx.RawMessage `json:"tool_response"`
}

// ErrNotObject is returned when the payload is not a JSON object.
var ErrNotObject = errors.New("payload is not a JSON object")

// Decode parses a payload. Fields of the wrong type are skipped rather
// than failing the whole payload; syntax errors and non-objects fail.
func Decode(data []byte) (*Input, error) {
	var in Input
	err := jsonx.Unmarshal(data, &in)
	var typeErr *jsonx.UnmarshalTypeError
	switch {
	case err == nil:
	case errors.As(err, &typeErr) && typeErr.Field != "":
		// A field of the wrong type: the rest was decoded; keep going.
	case errors.As(err, &typeErr):
		return nil, ErrNotObject
	default:
		return nil, fmt.Errorf("decode payload: %w", err)
	}
	return &in, nil
}

// Instructions returns the /compact words, "" when absent or null.
func (in *Input) Instructions() string {
	if in.CustomInstructions == nil {
		return ""
	}
	return *in.CustomInstructions
}
