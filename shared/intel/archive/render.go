package archive

import (
	"bytes"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"strings"
)

// Render turns a stored tool response into the text a reader wants: the
// string itself, Bash's stdout and stderr, a Read's file content, the
// text blocks of an MCP result, or indented JSON for anything else.
func Render(response jsonx.RawMessage) string {
	var s string
	if jsonx.Unmarshal(response, &s) == nil {
		return s
	}
	var obj struct {
		Stdout *string `json:"stdout"`
		Stderr string  `json:"stderr"`
		File   *struct {
			Content string `json:"content"`
		} `json:"file"`
		Content jsonx.RawMessage `json:"content"`
	}
	if jsonx.Unmarshal(response, &obj) == nil {
		switch {
		case obj.Stdout != nil:
			if obj.Stderr == "" {
				return *obj.Stdout
			}
			return *obj.Stdout + "\n[stderr]\n" + obj.Stderr
		case obj.File != nil:
			return obj.File.Content
		case len(obj.Content) > 0:
			if text := blocksText(obj.Content); text != "" {
				return text
			}
		}
	}
	if text := blocksText(response); text != "" {
		return text
	}
	var out bytes.Buffer
	if jsonx.Indent(&out, response, "", "  ") == nil {
		return out.String()
	}
	return string(response)
}

// blocksText joins the text of [{"type":"text","text":…}] content blocks.
func blocksText(raw jsonx.RawMessage) string {
	var blocks []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if jsonx.Unmarshal(raw, &blocks) != nil {
		return ""
	}
	var parts []string
	for _, b := range blocks {
		if b.Type == "text" {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, "\n")
}
