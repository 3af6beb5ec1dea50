package settingsjson

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// ErrNotObject is wrapped by Set when a key on the path names a value
// that is not an object, so the member cannot be placed inside it.
var ErrNotObject = errors.New("not an object")

// errEmptyPath is returned for an empty key path: there is no member to
// set or delete, and replacing the whole document is not an edit.
var errEmptyPath = errors.New("empty key path")

// Verbatim is a value that Set writes byte for byte, as it was read with
// Get, instead of laying it out anew: restoring a user's old value must
// give back exactly what they wrote.
type Verbatim []byte

// Set returns doc with the value at the key path set to value, which is
// encoded with encoding/json without HTML escaping (a json.RawMessage
// is validated, then laid out like any other value). An existing value has exactly its byte span replaced; a
// missing key is appended to its object in the layout of its siblings,
// creating missing intermediate objects. When the current value already
// equals value as decoded JSON (a Verbatim value: byte for byte), doc
// itself is returned unchanged.
func Set(doc []byte, value any, path ...string) ([]byte, error) {
	if len(path) == 0 {
		return nil, fmt.Errorf("set: %w", errEmptyPath)
	}
	raw, isVerbatim, err := newValue(value)
	if err != nil {
		return nil, fmt.Errorf("set %s: %w", dotted(path), err)
	}
	d, err := parse(doc)
	if err != nil {
		return nil, err
	}
	d.verbatim = isVerbatim
	open := d.open
	var parent *style
	for i := 0; ; i++ {
		key := path[i]
		ms, end := members(d.data, open)
		st := d.objectStyle(open, ms, parent)
		idx := find(d.data, ms, key)
		if idx < 0 {
			return d.finish(d.insert(open, end, ms, st, path[i:], raw))
		}
		m := ms[idx]
		if i == len(path)-1 {
			// A Verbatim value restores bytes, so only the same bytes
			// are no change; anything else compares as JSON.
			cur := d.data[m.val:m.valEnd]
			if bytes.Equal(cur, raw) || !isVerbatim && equalJSON(cur, raw) {
				return doc, nil
			}
			return d.finish(d.replace(m, st, raw))
		}
		if d.data[m.val] != '{' {
			return nil, fmt.Errorf("set %s: %s: %w", dotted(path), dotted(path[:i+1]), ErrNotObject)
		}
		open, parent = m.val, &st
	}
}

// Delete returns doc without the member at the key path: the key, its
// value, one adjacent comma and the whitespace in front of the member.
// Every other byte is kept. A missing key returns doc unchanged; a key
// that occurs several times in its object is removed everywhere, so it
// cannot reappear from an earlier duplicate.
func Delete(doc []byte, path ...string) ([]byte, error) {
	if len(path) == 0 {
		return nil, fmt.Errorf("delete: %w", errEmptyPath)
	}
	d, err := parse(doc)
	if err != nil {
		return nil, err
	}
	out := doc
	for {
		loc, ok := d.locate(path)
		if !ok {
			return out, nil
		}
		if out, err = d.finish(d.remove(loc)); err != nil {
			return nil, err
		}
		if d, err = parse(out); err != nil {
			return nil, err
		}
	}
}

// newValue encodes value for Set, or takes a Verbatim value as it is.
// Either way it must be one JSON value within MaxDepth, checked by the
// scanner before any decoder sees it: comparing it with the current
// value decodes both.
func newValue(value any) (raw []byte, verbatim bool, err error) {
	if v, ok := value.(Verbatim); ok {
		raw, verbatim = bytes.TrimSpace(v), true
	} else if raw, err = encodeCompact(value); err != nil {
		return nil, false, err
	}
	if err := checkValue(raw); err != nil {
		return nil, false, fmt.Errorf("new value: %w", err)
	}
	if verbatim && !jsonx.Valid(raw) {
		return nil, false, errors.New("verbatim value is not valid JSON")
	}
	return raw, verbatim, nil
}

// location is a member found by key path, with the object holding it.
type location struct {
	open, close int // the braces of the object
	ms          []member
	idx         int
}

// locate follows the key path through nested objects.
func (d *document) locate(path []string) (location, bool) {
	open := d.open
	for i, key := range path {
		ms, end := members(d.data, open)
		idx := find(d.data, ms, key)
		switch {
		case idx < 0:
			return location{}, false
		case i == len(path)-1:
			return location{open: open, close: end, ms: ms, idx: idx}, true
		}
		open = ms[idx].val
		if d.data[open] != '{' {
			return location{}, false
		}
	}
	return location{}, false
}

// insert adds keys[0] to the object at open; any further keys become
// nested objects around raw. The new member goes after the last one, or
// on its own line in an empty object.
func (d *document) insert(open, end int, ms []member, st style, keys []string, raw []byte) []byte {
	value := raw
	for i := len(keys) - 1; i > 0; i-- {
		value = bytes.Join([][]byte{[]byte("{"), quoteKey(keys[i]), []byte(":"), value, []byte("}")}, nil)
	}
	encoded := d.encode(value, st, st.indent)
	if d.verbatim && len(keys) == 1 {
		encoded = value
	}
	text := string(quoteKey(keys[0])) + st.colon + string(encoded)
	at := open + 1
	switch {
	case len(ms) > 0:
		at = ms[len(ms)-1].valEnd
		text = "," + st.sep + text
	case st.inline:
	case at == end:
		text = d.nl + st.indent + text + d.nl + lineIndent(d.data, open)
	default:
		// Keep the whitespace already inside the braces; it closes
		// the object and Delete of this member gives it back.
		text = d.nl + st.indent + text
	}
	return splice(d.data, at, at, text)
}

// replace swaps the value of m for raw, laid out for the line of m.
func (d *document) replace(m member, st style, raw []byte) []byte {
	st.inline = !bytes.Contains(d.data[m.sep:m.key], []byte("\n"))
	text := d.encode(raw, st, lineIndent(d.data, m.key))
	if d.verbatim {
		text = raw
	}
	return splice(d.data, m.val, m.valEnd, string(text))
}

// remove cuts one member out. A later member takes its leading comma
// with it, the first member takes the comma after it, and the only
// member leaves its object empty: as {} when what is left is exactly the
// newline and indentation that insert adds to an empty object.
func (d *document) remove(loc location) []byte {
	m := loc.ms[loc.idx]
	var from, to int
	switch {
	case len(loc.ms) == 1:
		from, to = loc.open+1, m.valEnd
		if string(d.data[to:loc.close]) == d.nl+lineIndent(d.data, loc.open) {
			to = loc.close
		}
	case loc.idx == 0:
		from, to = m.key, loc.ms[1].key
	default:
		from, to = loc.ms[loc.idx-1].valEnd, m.valEnd
	}
	return splice(d.data, from, to, "")
}

// finish checks an edited document before it is handed out: a bug here
// would corrupt a file that people edit by hand.
func (d *document) finish(out []byte) ([]byte, error) {
	if _, err := scanDocument(out); err != nil {
		return nil, fmt.Errorf("edited document rejected: %w", syntaxError("", out, err))
	}
	return out, nil
}

// splice returns a new slice: data with data[from:to] replaced by text.
// The input is never modified, since callers may still hold it.
func splice(data []byte, from, to int, text string) []byte {
	out := make([]byte, 0, len(data)-(to-from)+len(text))
	out = append(out, data[:from]...)
	out = append(out, text...)
	return append(out, data[to:]...)
}

// dotted joins a key path for error messages.
func dotted(path []string) string { return strings.Join(path, ".") }
