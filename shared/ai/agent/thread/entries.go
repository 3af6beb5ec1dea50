package thread

import (
	"bytes"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// ViewMarker opens the message /ai replaces a conversation with, so that
// the thread never takes it, or the answer to it, for a turn.
const ViewMarker = "<ai-view>"

// entry is the part of a transcript line read here.
type entry struct {
	Type             string    `json:"type"`
	Subtype          string    `json:"subtype"`
	UUID             string    `json:"uuid"`
	ParentUUID       string    `json:"parentUuid"`
	IsMeta           bool      `json:"isMeta"`
	IsCompactSummary bool      `json:"isCompactSummary"`
	IsSidechain      bool      `json:"isSidechain"`
	Timestamp        time.Time `json:"timestamp"`
	Message          struct {
		Content jsonx.RawMessage `json:"content"`
	} `json:"message"`
}

// block is one content block of a message.
type block struct {
	Type      string           `json:"type"`
	Text      string           `json:"text"`
	Name      string           `json:"name"`
	ID        string           `json:"id"`
	Input     jsonx.RawMessage `json:"input"`
	ToolUseID string           `json:"tool_use_id"`
	Content   jsonx.RawMessage `json:"content"`
	IsError   bool             `json:"is_error"`
}

// role is what a transcript line is to the thread.
type role int

const (
	skip      role = iota
	prompt         // a message of the person's: a turn starts
	assistant      // the model's response
	results        // tool results
	boundary       // a compaction boundary
	ownView        // /ai's view or the answer to it
)

// interesting is a cheap filter: lines of other types never matter.
func interesting(line []byte) bool {
	return bytes.Contains(line, []byte(`"type":"user"`)) || bytes.Contains(line, []byte(`"type":"assistant"`)) ||
		bytes.Contains(line, []byte(`"compact_boundary"`))
}

// parseEntry decodes a line; ok is false for a line that is not JSON. A
// line cut for good (Claude Code killed mid-write) runs into the line
// written after it: that line is read from where it starts.
func parseEntry(line []byte) (e entry, ok bool) {
	if !interesting(line) {
		return entry{}, false
	}
	if jsonx.Unmarshal(line, &e) == nil {
		return e, true
	}
	tail := tornTail(line)
	if tail == nil {
		return entry{}, false
	}
	e = entry{}
	return e, jsonx.Unmarshal(tail, &e) == nil
}

// tornTries bounds the search of a line that does not decode.
const tornTries = 256

// tornTail is the end of line that is one whole JSON object, nil for
// none. Outside strings `{"` starts an object, and of the objects in the
// line written last only the outermost runs to the line's end: searched
// from the end, the first whole one is that line.
func tornTail(line []byte) []byte {
	end := len(line)
	for range tornTries {
		i := bytes.LastIndex(line[1:end], []byte(`{"`))
		if i < 0 {
			return nil
		}
		i++ // the index into line
		if jsonx.Valid(line[i:]) {
			return line[i:]
		}
		end = i
	}
	return nil
}

// blocks decodes the content: a string is one text block.
func (e *entry) blocks() []block {
	c := bytes.TrimSpace(e.Message.Content)
	if len(c) > 0 && c[0] == '"' {
		var s string
		if jsonx.Unmarshal(c, &s) == nil {
			return []block{{Type: "text", Text: s}}
		}
		return nil
	}
	var bs []block
	_ = jsonx.Unmarshal(c, &bs)
	return bs
}

// notPrompts open user text that Claude Code writes, not the person.
var notPrompts = []string{"<local-command-stdout>", "<local-command-stderr>", "<local-command-caveat>",
	"[Request interrupted", "<bash-stdout>", "<bash-stderr>"}

// classify says what e is, given the uuid of the last line of /ai's view
// seen (what answers it is part of it: the ai view call and its output,
// the acknowledgement; the next message of the person's is not).
func classify(e *entry, viewUUID string) (role, string) {
	inView := viewUUID != "" && e.ParentUUID == viewUUID
	switch {
	case e.Type == "system" && e.Subtype == "compact_boundary":
		return boundary, ""
	case e.IsSidechain:
		return skip, ""
	case e.Type == "assistant" && inView:
		return ownView, ""
	case e.Type == "assistant":
		return assistant, ""
	case e.Type != "user" || e.IsMeta || e.IsCompactSummary:
		return skip, ""
	}
	var text []string
	for _, b := range e.blocks() {
		switch b.Type {
		case "tool_result":
			if inView {
				return ownView, ""
			}
			return results, ""
		case "text":
			text = append(text, b.Text)
		}
	}
	t := strings.TrimSpace(strings.Join(text, "\n"))
	switch {
	case t == "":
		return skip, ""
	case strings.HasPrefix(t, ViewMarker):
		return ownView, ""
	}
	for _, p := range notPrompts {
		if strings.HasPrefix(t, p) {
			return skip, ""
		}
	}
	return prompt, commandLine(t)
}

var (
	commandName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`<command-name>([^<]*)</command-name>`) })
	commandArgs = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?s)<command-args>(.*?)</command-args>`) })
)

// commandLine shows a slash command's message as it was typed.
func commandLine(t string) string {
	m := commandName().FindStringSubmatch(t)
	if m == nil || !strings.Contains(t, "<command-message>") {
		return t
	}
	line := strings.TrimSpace(m[1])
	if a := commandArgs().FindStringSubmatch(t); a != nil && strings.TrimSpace(a[1]) != "" {
		line += " " + strings.TrimSpace(a[1])
	}
	return line
}
