package thread

import (
	"bytes"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// maxTurnBytes caps how much of one turn is read back.
const maxTurnBytes = 64 << 20

// Item is one step of a turn: the model's text or a tool call (with its
// output once it came back).
type Item struct {
	// N numbers the items of a turn from 1.
	N    int
	Kind string // "text" or "tool"
	// Text is the text, or the tool's name.
	Text string
	// Input is a tool call's input as compact JSON; Output its result.
	Input, Output string
	IsError       bool
	id            string
}

// Content is a turn read back from its copy.
type Content struct {
	Turn   Turn
	Prompt string
	Items  []Item
	// Reply is the index in Items of the final reply, -1 when the turn
	// has none (yet).
	Reply int
	// Tools counts the tool calls; Words the words the model wrote.
	Tools, Words int
}

// Work is the items between the message and the final reply.
func (c Content) Work() []Item {
	if c.Reply < 0 {
		return c.Items
	}
	return c.Items[:c.Reply]
}

// FinalReply is the final reply's text, "" when there is none.
func (c Content) FinalReply() string {
	if c.Reply < 0 {
		return ""
	}
	return c.Items[c.Reply].Text
}

// Content reads a turn back from its session's copy.
func (a Agent) Content(t Turn) (Content, error) {
	data, err := a.Copy(t.Session).Range(t.Start, t.End, maxTurnBytes)
	if err != nil {
		return Content{}, err
	}
	return parseTurn(t, data), nil
}

// parseTurn builds a turn's items from its transcript lines.
func parseTurn(t Turn, data []byte) Content {
	c := Content{Turn: t, Prompt: t.Prompt, Reply: -1}
	tools := map[string]int{}
	viewUUID := ""
	first := true
	for len(data) > 0 {
		var line []byte
		line, data, _ = bytes.Cut(data, []byte("\n"))
		e, ok := parseEntry(line)
		if !ok {
			continue
		}
		r, text := classify(&e, viewUUID)
		switch {
		case r == prompt && first:
			c.Prompt = text
		case r == ownView:
			viewUUID = e.UUID
		case r == assistant:
			c.addResponse(e.blocks(), tools)
		case r == results:
			c.addResults(e.blocks(), tools)
		}
		first = false
	}
	for i := len(c.Items) - 1; i >= 0; i-- {
		if c.Items[i].Kind == "tool" {
			break
		}
		if c.Items[i].Kind == "text" {
			c.Reply = i
			break
		}
	}
	return c
}

func (c *Content) addResponse(blocks []block, tools map[string]int) {
	for _, b := range blocks {
		switch b.Type {
		case "text":
			if strings.TrimSpace(b.Text) == "" {
				continue
			}
			c.Words += len(strings.Fields(b.Text))
			c.Items = append(c.Items, Item{N: len(c.Items) + 1, Kind: "text", Text: b.Text})
		case "tool_use":
			c.Tools++
			tools[b.ID] = len(c.Items)
			c.Items = append(c.Items, Item{N: len(c.Items) + 1, Kind: "tool", Text: b.Name, Input: compact(b.Input), id: b.ID})
		}
	}
}

func (c *Content) addResults(blocks []block, tools map[string]int) {
	for _, b := range blocks {
		i, ok := tools[b.ToolUseID]
		if b.Type != "tool_result" || !ok {
			continue
		}
		c.Items[i].Output, c.Items[i].IsError = resultText(b.Content), b.IsError
	}
}

// compact prints JSON on one line.
func compact(raw jsonx.RawMessage) string {
	var b bytes.Buffer
	if jsonx.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

// resultText is a tool result's text: a string, or its text blocks.
func resultText(raw jsonx.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '"' {
		var s string
		_ = jsonx.Unmarshal(raw, &s)
		return s
	}
	var bs []block
	if jsonx.Unmarshal(raw, &bs) != nil {
		return ""
	}
	var parts []string
	for _, b := range bs {
		if b.Type == "text" {
			parts = append(parts, b.Text)
		} else if b.Type != "" {
			parts = append(parts, "["+b.Type+"]")
		}
	}
	return strings.Join(parts, "\n")
}
