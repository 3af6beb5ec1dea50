package fakeapi

import (
	"net/http"
	"strings"
)

// reminderPrefix starts the text blocks Claude Code adds around a prompt.
const reminderPrefix = "<system-reminder>"

// Request is one HTTP request the server received.
type Request struct {
	// Seq numbers the requests of a server from 1, in arrival order.
	Seq int
	// Method and Path are the HTTP method and URL path (no query).
	Method, Path string
	// Query is the raw URL query, e.g. "beta=true".
	Query string
	// Header is a copy of the request headers.
	Header http.Header
	// Body is the raw request body.
	Body []byte
	// JSON is Body decoded, or nil when it is not a JSON object.
	JSON map[string]any
	// Reply is what the fake model answered; nil for other endpoints and
	// for a refused request.
	Reply *Reply
	// Refused is the error message of a request refused as too long for
	// the model's window, as the real API refuses it.
	Refused string
	// MessageID and ToolUseID are the ids the reply used ("msg_fake…",
	// "toolu_fake…"); ToolUseID is empty without a tool call.
	MessageID, ToolUseID string
}

// IsMessage reports whether r is a POST /v1/messages request.
func (r Request) IsMessage() bool {
	return r.Method == http.MethodPost && r.Path == "/v1/messages"
}

// Messages returns the request's messages, including Claude Code's
// role "system" entries.
func (r Request) Messages() []map[string]any { return messages(r.JSON) }

// System returns the text of the top-level system prompt.
func (r Request) System() string {
	return joinText(contentBlocks(r.JSON["system"]))
}

// Text returns the text of every block of every message, tool results
// included, joined by newlines.
func (r Request) Text() string {
	var parts []string
	for _, m := range r.Messages() {
		if t := joinText(contentBlocks(m["content"])); t != "" {
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, "\n")
}

// Contains reports whether s occurs in the system prompt or in any
// message text: whether it reached the model.
func (r Request) Contains(s string) bool {
	return strings.Contains(r.System(), s) || strings.Contains(r.Text(), s)
}

// Prompt returns the latest user text prompt: the last text block (not a
// system reminder) of the most recent user message that holds text.
func (r Request) Prompt() string {
	i := promptIndex(r.Messages())
	if i < 0 {
		return ""
	}
	return promptText(r.Messages()[i])
}

// messages returns body["messages"] as maps, skipping anything else.
func messages(body map[string]any) []map[string]any {
	raw, _ := body["messages"].([]any)
	out := make([]map[string]any, 0, len(raw))
	for _, v := range raw {
		if m, ok := v.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// contentBlocks turns a content value (string or block list) into blocks.
func contentBlocks(v any) []map[string]any {
	switch c := v.(type) {
	case string:
		return []map[string]any{{"type": "text", "text": c}}
	case []any:
		out := make([]map[string]any, 0, len(c))
		for _, b := range c {
			if m, ok := b.(map[string]any); ok {
				out = append(out, m)
			}
		}
		return out
	}
	return nil
}

// blockText returns the text of a text block or of a tool_result block.
func blockText(b map[string]any) string {
	switch b["type"] {
	case "text":
		s, _ := b["text"].(string)
		return s
	case "tool_result":
		return joinText(contentBlocks(b["content"]))
	}
	return ""
}

// joinText joins the texts of blocks with newlines.
func joinText(blocks []map[string]any) string {
	var parts []string
	for _, b := range blocks {
		if t := blockText(b); t != "" {
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, "\n")
}

// promptIndex returns the index of the most recent user message that
// holds a text block other than a system reminder, or -1.
func promptIndex(msgs []map[string]any) int {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i]["role"] == "user" && promptText(msgs[i]) != "" {
			return i
		}
	}
	return -1
}

// promptText returns the last non-reminder text block of m, or "".
func promptText(m map[string]any) string {
	blocks := contentBlocks(m["content"])
	for i := len(blocks) - 1; i >= 0; i-- {
		b := blocks[i]
		t, _ := b["text"].(string)
		if b["type"] == "text" && t != "" && !strings.HasPrefix(strings.TrimSpace(t), reminderPrefix) {
			return t
		}
	}
	return ""
}

// toolResults returns the text of every tool_result block in msgs, in
// order.
func toolResults(msgs []map[string]any) []string {
	var out []string
	for _, m := range msgs {
		if m["role"] != "user" {
			continue
		}
		for _, b := range contentBlocks(m["content"]) {
			if b["type"] == "tool_result" {
				out = append(out, strings.TrimSpace(blockText(b)))
			}
		}
	}
	return out
}
