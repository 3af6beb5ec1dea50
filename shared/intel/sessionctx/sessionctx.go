// Package sessionctx reads session-context.md, the per-project note that
// Claude keeps in ~/.claude/projects/<encoded>/ (current task, key files,
// key decisions, completed tasks, on-compact hints). It only parses: the
// file is the user's and Claude's, never rewritten by a reader.
package sessionctx

import (
	"bytes"
	"strings"
)

// MaxFile caps how much of session-context.md is read.
const MaxFile = 256 << 10

// Doc is a parsed session-context.md: section bodies by heading.
type Doc struct {
	Sections map[string][]string // "Current Task" → its lines, trimmed
	Order    []string            // headings in file order
}

// Parse splits markdown into "## Heading" sections. Text before the
// first heading is ignored, as are non-text bytes.
func Parse(data []byte) Doc {
	if len(data) > MaxFile {
		data = data[:MaxFile]
	}
	doc := Doc{Sections: map[string][]string{}}
	cur := ""
	for _, raw := range bytes.Split(data, []byte("\n")) {
		line := strings.TrimRight(string(raw), " \t\r")
		if h, ok := strings.CutPrefix(line, "## "); ok {
			cur = strings.TrimSpace(h)
			if _, seen := doc.Sections[cur]; !seen {
				doc.Order = append(doc.Order, cur)
				doc.Sections[cur] = nil
			}
			continue
		}
		if cur != "" && strings.TrimSpace(line) != "" {
			doc.Sections[cur] = append(doc.Sections[cur], strings.TrimSpace(line))
		}
	}
	return doc
}

// Field returns the value of a "key: value" line of a section.
func (d Doc) Field(section, key string) string {
	for _, line := range d.Sections[section] {
		if v, ok := strings.CutPrefix(line, key+":"); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// Placeholder reports whether a value is template filler rather than
// real content: empty, an HTML comment, or a <…> placeholder.
func Placeholder(v string) bool {
	v = strings.TrimSpace(v)
	return v == "" || strings.HasPrefix(v, "<!--") || (strings.Contains(v, "<") && strings.Contains(v, ">") && !strings.Contains(v, " — ")) || v == "-" || strings.EqualFold(v, "none") || strings.EqualFold(v, "tbd")
}

// Task is the current task as one line: "type — description", or just
// the type line when it already carries a description. Empty when the
// section holds only placeholders.
func (d Doc) Task() string {
	typ := d.Field("Current Task", "type")
	desc := d.Field("Current Task", "description")
	switch {
	case Placeholder(typ) && Placeholder(desc):
		return ""
	case Placeholder(typ):
		return desc
	case Placeholder(desc) || strings.Contains(typ, " — "):
		return typ
	}
	return typ + " — " + desc
}
