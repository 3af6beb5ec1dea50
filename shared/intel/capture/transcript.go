package capture

import (
	"bytes"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// This file reads the user's words out of transcript lines: prompts and
// text blocks of user records, queued messages (queue-operation records
// and queued_command attachments), the feedback in a rejected tool use's
// result, and the answers in an AskUserQuestion result. si replay reads a
// whole transcript through it; the hooks read the part written since
// they last looked.

// Byte markers a line must hold to be decoded at all; everything else
// (assistant records, progress, tool output) is passed over unread.
var (
	markUser      = []byte(`"type":"user"`)
	markQueue     = []byte(`"queue-operation"`)
	markQueued    = []byte(`"queued_command"`)
	markToolRes   = []byte(`"tool_result"`)
	markSaid      = []byte(`the user said:`)
	markAnswered  = []byte(`User has answered your questions`)
	markTextAfter = []byte(`},{"type":"text","text":`)
	saidMarker    = "the user said:\n"
	answerPairs   = lazyRegexp(`"((?:[^"\\]|\\.)*)"="((?:[^"\\]|\\.)*)"`)
	clarifyPrefix = "The user wants to clarify these questions."
)

// Line is what one transcript line holds for capture.
type Line struct {
	Items []Item // the instructions found, in order
	UUID  string // the record's uuid
}

// lineRecord is the part of a transcript record this file reads.
type lineRecord struct {
	Type             string `json:"type"`
	UUID             string `json:"uuid"`
	PromptID         string `json:"promptId"`
	IsMeta           bool   `json:"isMeta"`
	IsSidechain      bool   `json:"isSidechain"`
	IsCompactSummary bool   `json:"isCompactSummary"`
	Operation        string `json:"operation"`
	Content          any    `json:"content"`
	Attachment       *struct {
		Type   string `json:"type"`
		Prompt any    `json:"prompt"`
	} `json:"attachment"`
	Message *struct {
		Content any `json:"content"`
	} `json:"message"`
}

// ReadLine decodes one transcript line; lines that cannot hold the
// user's words are rejected by their bytes before any decoding.
func ReadLine(line []byte) Line {
	if !candidate(line) {
		return Line{}
	}
	var rec lineRecord
	if jsonx.Unmarshal(line, &rec) != nil || rec.IsSidechain || rec.IsMeta {
		return Line{}
	}
	out := Line{UUID: rec.UUID}
	switch rec.Type {
	case "queue-operation":
		if rec.Operation == "enqueue" {
			out.Items = found(Typed(textOf(rec.Content)), Queued, "", "")
		}
	case "attachment":
		if rec.Attachment != nil && rec.Attachment.Type == "queued_command" {
			out.Items = found(Typed(textOf(rec.Attachment.Prompt)), Queued, rec.UUID, "")
		}
	case "user":
		if rec.Message == nil {
			return out
		}
		if rec.IsCompactSummary {
			return out // Claude Code's summary, not the user's words
		}
		out.Items = userItems(rec.Message.Content, rec.UUID, rec.PromptID)
	}
	return out
}

func candidate(line []byte) bool {
	switch {
	case bytes.Contains(line, markQueue), bytes.Contains(line, markQueued):
		return true
	case !bytes.Contains(line, markUser):
		return false
	case bytes.Contains(line, markToolRes):
		// A result's record holds the user's words when they rejected the
		// call, answered its questions, or typed while it ran (a text
		// block beside the result).
		return bytes.Contains(line, markSaid) || bytes.Contains(line, markAnswered) || bytes.Contains(line, markTextAfter)
	}
	return true
}

// userItems reads a user record's content: a prompt string, or blocks of
// typed text and tool results.
func userItems(content any, uuid, prompt string) []Item {
	if s, ok := content.(string); ok {
		return found(Typed(s), Prompt, uuid, prompt)
	}
	blocks, _ := content.([]any)
	var out []Item
	for _, b := range blocks {
		m, _ := b.(map[string]any)
		switch m["type"] {
		case "text":
			out = append(out, found(Typed(textOf(m["text"])), Prompt, uuid, prompt)...)
		case "tool_result":
			out = append(out, resultItems(textOf(m["content"]), uuid)...)
		}
	}
	return out
}

// resultItems reads the user's words out of a tool result: what they
// said when rejecting the call, or their answers to its questions.
func resultItems(text, uuid string) []Item {
	if _, said, ok := strings.Cut(text, saidMarker); ok {
		said = strings.TrimSpace(said)
		if strings.HasPrefix(said, clarifyPrefix) {
			return nil
		}
		return found(Typed(said), Rejection, uuid, "")
	}
	rest, ok := strings.CutPrefix(text, "User has answered your questions: ")
	if !ok {
		return nil
	}
	var out []Item
	for _, m := range answerPairs().FindAllStringSubmatch(rest, 32) {
		q, a := unescape(m[1]), unescape(m[2])
		for _, f := range Classify(Typed(a), Answer) {
			out = append(out, Item{Kind: f.Kind, Text: f.Text, UUID: uuid, Source: Answer, About: clip(q)})
		}
	}
	return out
}

func found(typed string, src Source, uuid, prompt string) []Item {
	var out []Item
	for _, f := range Classify(typed, src) {
		out = append(out, Item{Kind: f.Kind, Text: f.Text, UUID: uuid, Prompt: prompt, Source: src})
	}
	return out
}

// textOf flattens a content value (a string, or blocks with text) to
// text.
func textOf(v any) string {
	switch c := v.(type) {
	case string:
		return c
	case []any:
		var parts []string
		for _, b := range c {
			if m, ok := b.(map[string]any); ok && m["type"] == "text" {
				if s, ok := m["text"].(string); ok {
					parts = append(parts, s)
				}
			}
		}
		return strings.Join(parts, "\n")
	}
	return ""
}

func unescape(s string) string {
	return strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(s)
}
