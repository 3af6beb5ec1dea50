package settingsjson

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// defaultUnit is the indentation used when the file shows none, as in a
// new file or one that holds only {}.
const defaultUnit = "  "

// style is how the members of one object are laid out. It is learned
// from the object itself, so that an inserted member looks like its
// neighbours rather than like encoding/json's idea of a file.
type style struct {
	inline bool   // members share a line with the braces: encode compactly
	sep    string // whitespace before the last member's key, reused verbatim
	indent string // leading whitespace of a member's line
	unit   string // one level of indentation, for nested values
	colon  string // the bytes between a key and its value, ':' included
}

// objectStyle learns the style of the object whose '{' is at open. An
// empty object has nothing to copy, so it takes the colon, the unit and
// the inline choice of its parent (nil for the root, which is laid out
// one member per line).
func (d *document) objectStyle(open int, ms []member, parent *style) style {
	st := style{colon: ": ", unit: d.unit}
	if parent != nil {
		st.colon, st.unit, st.inline = parent.colon, parent.unit, parent.inline
	}
	outer := lineIndent(d.data, open)
	st.indent = outer + st.unit
	if len(ms) == 0 {
		return st
	}
	last := ms[len(ms)-1]
	st.sep = string(d.data[last.sep:last.key])
	st.inline = !strings.Contains(st.sep, "\n")
	if colon := d.data[last.keyEnd:last.val]; !bytes.ContainsAny(colon, "\r\n") {
		st.colon = string(colon)
	}
	if st.inline && len(ms) == 1 && st.sep == "" && strings.HasSuffix(st.colon, " ") {
		// {"a": 1} has no space after '{' to copy, but a space after
		// the colon says the author writes ", " between members too.
		st.sep = " "
	}
	if !st.inline {
		st.indent = st.sep[len(strings.TrimRight(st.sep, " \t")):]
		// The unit is what a member adds to the indentation of the line
		// that opens its object; a file indented with tabs stays tabbed.
		if unit, ok := strings.CutPrefix(st.indent, outer); ok && unit != "" {
			st.unit = unit
		}
	}
	return st
}

// detectNewline returns the line ending of the first line, so that a
// file with CRLF line endings gets CRLF in inserted text too.
func detectNewline(data []byte) string {
	if i := bytes.IndexByte(data, '\n'); i > 0 && data[i-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}

// detectUnit returns the leading whitespace of the first indented line,
// which in a hand-formatted file is one level deep. JSON strings cannot
// hold raw newlines, so every line start is outside a string.
func detectUnit(data []byte) string {
	for i := bytes.IndexByte(data, '\n'); i >= 0; {
		start := i + 1
		end := start
		for end < len(data) && (data[end] == ' ' || data[end] == '\t') {
			end++
		}
		if end > start && end < len(data) && data[end] != '\n' && data[end] != '\r' {
			return string(data[start:end])
		}
		next := bytes.IndexByte(data[start:], '\n')
		if next < 0 {
			break
		}
		i = start + next
	}
	return defaultUnit
}

// lineIndent returns the spaces and tabs that start the line holding pos.
func lineIndent(data []byte, pos int) string {
	start := bytes.LastIndexByte(data[:pos], '\n') + 1
	end := start
	for end < pos && (data[end] == ' ' || data[end] == '\t') {
		end++
	}
	return string(data[start:end])
}

// encode lays out a compact value for a member whose line starts with
// prefix: compact in an inline object, else indented like
// json.MarshalIndent(v, prefix, unit) with the file's line endings.
func (d *document) encode(raw []byte, st style, prefix string) []byte {
	if st.inline {
		return raw
	}
	var buf bytes.Buffer
	if err := jsonx.Indent(&buf, raw, prefix, st.unit); err != nil {
		return raw // cannot happen: raw came from encodeCompact
	}
	out := buf.Bytes()
	if d.nl != "\n" {
		// Safe: a JSON string never holds a raw newline, so every
		// newline here is layout.
		out = bytes.ReplaceAll(out, []byte("\n"), []byte(d.nl))
	}
	return out
}

// encodeCompact encodes a Go value, or validates and compacts a
// json.RawMessage. HTML escaping is off so that shell commands in hooks
// keep a readable "&&" and ">" instead of \u0026 and \u003e.
func encodeCompact(value any) ([]byte, error) {
	var buf bytes.Buffer
	enc := jsonx.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(value); err != nil {
		return nil, fmt.Errorf("encode value: %w", err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// quoteKey encodes an object key as a JSON string.
func quoteKey(key string) []byte {
	out, _ := encodeCompact(key) // a string always encodes
	return out
}
