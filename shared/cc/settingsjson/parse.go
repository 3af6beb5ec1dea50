// Package settingsjson is the one library that edits Claude Code's
// ~/.claude/settings.json and similar JSON files, for the bootstrap hook,
// the installer and the si CLI.
//
// Users edit these files by hand, so an edit changes only the bytes of the
// value it sets or the member it removes: whitespace, key order, escapes
// and the trailing newline elsewhere stay byte-identical, and inserted
// members copy the layout of their neighbours. A small scanner finds the
// byte spans; encoding/json (through jsonx) is only used to validate,
// encode and compare values. A UTF-8 byte order mark in front of the
// object is accepted and kept, as Claude Code accepts it; documents over
// [MaxSize] bytes or [MaxDepth] levels are refused.
//
// Reading ([Read], [Get]) never writes. [Edit] and [EditAllowBlank] are
// the only functions that write a file: under a lock, after a backup,
// atomically; [RemoveLock] deletes the lock file on uninstall.
package settingsjson

import (
	"bytes"
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// MaxSize is the largest document accepted, so a runaway or hostile file
// cannot exhaust memory. Settings files are a few kilobytes.
const MaxSize = 4 << 20

// SyntaxError reports a document that is not one JSON object, or one
// that breaks a limit ([ErrTooDeep], [ErrTooLarge], which it wraps).
type SyntaxError struct {
	File   string // file name, "" when parsing bytes with no name
	Line   int    // 1-based line of the offending byte
	Column int    // 1-based column, counted in characters
	Offset int    // byte offset of the offending byte
	Msg    string // what is wrong
	Err    error  // the broken limit, nil for malformed JSON
}

// Error names the file, the line and the column, as an editor expects.
// A document over a limit may be valid JSON, so it is called refused.
func (e *SyntaxError) Error() string {
	var where string
	switch {
	case errors.Is(e.Err, ErrTooLarge):
		where = "refused: " + e.Msg
	case e.Err != nil:
		where = fmt.Sprintf("refused at line %d, column %d: %s", e.Line, e.Column, e.Msg)
	default:
		where = fmt.Sprintf("invalid JSON at line %d, column %d: %s", e.Line, e.Column, e.Msg)
	}
	if e.File == "" {
		return where
	}
	return e.File + ": " + where
}

// Unwrap returns the broken limit, if any.
func (e *SyntaxError) Unwrap() error { return e.Err }

// Validate checks that doc is a single JSON object of at most [MaxSize]
// bytes and [MaxDepth] levels, after an optional UTF-8 byte order mark
// (blank input counts as {}). Errors are a *SyntaxError naming name, the
// line and the column.
func Validate(name string, doc []byte) error {
	open, err := scanDocument(doc)
	if err != nil {
		return syntaxError(name, doc, err)
	}
	// A second opinion from the decoder: if the scanner ever accepted
	// something it rejects, refuse rather than write it.
	if body := doc[bodyStart(doc):]; open >= 0 && !jsonx.Valid(body) {
		var v any
		err := jsonx.Unmarshal(body, &v)
		off := bodyStart(doc)
		if se := (*jsonx.SyntaxError)(nil); errors.As(err, &se) {
			off += int(se.Offset)
		}
		return syntaxError(name, doc, &scanError{off: off, msg: fmt.Sprint(err)})
	}
	return nil
}

// syntaxError turns a scanner error into a *SyntaxError with a position.
func syntaxError(name string, doc []byte, err error) error {
	var se *scanError
	if !errors.As(err, &se) {
		return err
	}
	off := min(se.off, len(doc))
	before := doc[:off]
	lineStart := bytes.LastIndexByte(before, '\n') + 1
	return &SyntaxError{
		File:   name,
		Line:   1 + bytes.Count(before, []byte{'\n'}),
		Column: 1 + utf8.RuneCount(before[lineStart:]),
		Offset: off,
		Msg:    se.msg,
		Err:    se.err,
	}
}

// scanDocument checks doc and returns the offset of the root '{', or -1
// for blank input.
func scanDocument(doc []byte) (int, error) {
	if len(doc) > MaxSize {
		return 0, &scanError{off: 0, err: ErrTooLarge,
			msg: fmt.Sprintf("document is %d bytes, over the %d byte limit", len(doc), MaxSize)}
	}
	if err := checkEncoding(doc); err != nil {
		return 0, err
	}
	s := scanner{data: doc, pos: bodyStart(doc)}
	s.skipSpace()
	if s.pos == len(doc) {
		return -1, nil
	}
	open := s.pos
	if doc[open] != '{' {
		return 0, s.unexpected("'{': settings must be a JSON object")
	}
	if err := s.value(); err != nil {
		return 0, err
	}
	s.skipSpace()
	if s.pos != len(doc) {
		return 0, s.fail("unexpected %s after the top-level object", describe(doc[s.pos]))
	}
	return open, nil
}

// document is a validated document and the layout learned from it.
type document struct {
	data     []byte
	open     int    // offset of the root '{'
	nl       string // line ending: "\n" or "\r\n"
	unit     string // one level of indentation used by the file
	verbatim bool   // Set writes its value byte for byte (Verbatim)
}

// emptyDocument stands in for blank input, which counts as {}.
const emptyDocument = "{}\n"

// parse validates doc and learns its layout. Blank input becomes "{}\n"
// (after its byte order mark, if it has one) so that callers need no
// special case.
func parse(doc []byte) (*document, error) {
	open, err := scanDocument(doc)
	if err != nil {
		return nil, syntaxError("", doc, err)
	}
	data := doc
	if open < 0 {
		data = blankObject(doc)
		open = bodyStart(data)
	}
	return &document{data: data, open: open, nl: detectNewline(data), unit: detectUnit(data)}, nil
}

// member holds the byte offsets of one `"key": value` in an object.
type member struct {
	sep    int // first byte after the '{' or ',' that precedes the key
	key    int // opening quote of the key
	keyEnd int // just past the closing quote
	val    int // first byte of the value
	valEnd int // just past the value
}

// members lists the members of the object whose '{' is at open, and
// returns the offset of its '}'. data must already be validated.
func members(data []byte, open int) ([]member, int) {
	s := scanner{data: data, pos: open + 1}
	var ms []member
	for {
		m := member{sep: s.pos}
		s.skipSpace()
		if s.data[s.pos] == '}' {
			return ms, s.pos
		}
		m.key = s.pos
		_ = s.str() // cannot fail: validated
		m.keyEnd = s.pos
		s.skipSpace()
		s.pos++ // ':'
		s.skipSpace()
		m.val = s.pos
		_ = s.value()
		m.valEnd = s.pos
		ms = append(ms, m)
		s.skipSpace()
		if s.data[s.pos] == ',' {
			s.pos++
		}
	}
}

// find returns the index of the last member named key, or -1. The last
// one wins because that is the one JSON.parse and encoding/json keep.
func find(data []byte, ms []member, key string) int {
	for i := len(ms) - 1; i >= 0; i-- {
		if keyText(data, ms[i]) == key {
			return i
		}
	}
	return -1
}

// keyText decodes a member's key; most keys have no escapes and are
// compared without a decoder. A key with invalid UTF-8 goes through the
// decoder too, which turns each bad byte into U+FFFD as encoding/json
// and JSON.parse do, so Set and Get find the member they would find.
func keyText(data []byte, m member) string {
	raw := data[m.key:m.keyEnd]
	if bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw) {
		return string(raw[1 : len(raw)-1])
	}
	var k string
	_ = jsonx.Unmarshal(raw, &k) // cannot fail: validated
	return k
}

// Get returns a copy of the raw value at the key path (the whole object
// for an empty path). It reports false when a key is missing, an
// intermediate value is not an object, or doc is not valid.
func Get(doc []byte, path ...string) (jsonx.RawMessage, bool) {
	d, err := parse(doc)
	if err != nil {
		return nil, false
	}
	if len(path) == 0 {
		_, end := members(d.data, d.open)
		return bytes.Clone(d.data[d.open : end+1]), true
	}
	loc, ok := d.locate(path)
	if !ok {
		return nil, false
	}
	m := loc.ms[loc.idx]
	return bytes.Clone(d.data[m.val:m.valEnd]), true
}
