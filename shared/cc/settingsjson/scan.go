package settingsjson

import (
	"bytes"
	"errors"
	"fmt"
)

// MaxDepth is the deepest nesting of objects and arrays accepted, the
// root object included. Settings files nest four or five levels; the cap
// keeps the scanner's recursion (value, container, member) and every
// decoder behind it shallow, so a hostile file is refused after a few
// hundred bytes instead of being walked to the end. encoding/json allows
// 10000 levels, so this is one place where the editor is stricter.
const MaxDepth = 512

// The limits a document can break; a [SyntaxError] wraps them, so that
// errors.Is tells a refusal by a cap from a malformed file.
var (
	ErrTooDeep  = errors.New("nested too deep")
	ErrTooLarge = errors.New("too large")
)

// scanError is a syntax error at a byte offset; Validate turns it into a
// SyntaxError with a line and column once the file name is known. err is
// the sentinel of a broken limit, nil for malformed JSON.
type scanError struct {
	off int
	msg string
	err error
}

func (e *scanError) Error() string { return e.msg }

func (e *scanError) Unwrap() error { return e.err }

// scanner walks JSON text byte by byte. It only checks the grammar and
// reports where values end: the edits need byte spans, which
// encoding/json does not expose.
type scanner struct {
	data  []byte
	pos   int
	depth int
}

// peek returns the current byte, or 0 at the end of input (0 is never
// valid JSON, so callers need no separate end check).
func (s *scanner) peek() byte {
	if s.pos < len(s.data) {
		return s.data[s.pos]
	}
	return 0
}

func (s *scanner) fail(format string, args ...any) error {
	return &scanError{off: s.pos, msg: fmt.Sprintf(format, args...)}
}

// unexpected reports the current byte (or the end of input) where want
// was expected.
func (s *scanner) unexpected(want string) error {
	if s.pos >= len(s.data) {
		return s.fail("unexpected end of input, expected %s", want)
	}
	return s.fail("unexpected %s, expected %s", describe(s.data[s.pos]), want)
}

// describe names a byte for an error message; control bytes are shown
// as hex because quoting them would garble the message.
func describe(c byte) string {
	if c < 0x20 || c >= 0x7f {
		return fmt.Sprintf("byte 0x%02x", c)
	}
	return fmt.Sprintf("%q", rune(c))
}

func (s *scanner) skipSpace() {
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return
		}
	}
}

// checkValue checks that raw is exactly one JSON value (whitespace
// around it allowed) nested at most MaxDepth levels.
func checkValue(raw []byte) error {
	s := scanner{data: raw}
	s.skipSpace()
	if err := s.value(); err != nil {
		return err
	}
	s.skipSpace()
	if s.pos != len(raw) {
		return s.fail("unexpected %s after the value", describe(raw[s.pos]))
	}
	return nil
}

// value skips one JSON value that starts exactly at s.pos.
func (s *scanner) value() error {
	switch c := s.peek(); {
	case c == '{':
		return s.container('}', s.member)
	case c == '[':
		return s.container(']', s.value)
	case c == '"':
		return s.str()
	case c == '-' || isDigit(c):
		return s.number()
	case c == 't':
		return s.literal("true")
	case c == 'f':
		return s.literal("false")
	case c == 'n':
		return s.literal("null")
	}
	return s.unexpected("a value")
}

// container skips an object or an array: elem skips one member or
// element, and the elements are separated by commas up to closer.
func (s *scanner) container(closer byte, elem func() error) error {
	if s.depth++; s.depth > MaxDepth {
		return &scanError{off: s.pos, err: ErrTooDeep,
			msg: fmt.Sprintf("objects and arrays nested deeper than %d levels, the limit for a settings file", MaxDepth)}
	}
	defer func() { s.depth-- }()
	s.pos++ // the opening bracket
	s.skipSpace()
	if s.peek() == closer {
		s.pos++
		return nil
	}
	for {
		if err := elem(); err != nil {
			return err
		}
		s.skipSpace()
		switch s.peek() {
		case ',':
			s.pos++
			s.skipSpace()
		case closer:
			s.pos++
			return nil
		default:
			return s.unexpected(fmt.Sprintf("',' or '%c'", closer))
		}
	}
}

// member skips `"key": value` inside an object.
func (s *scanner) member() error {
	if s.peek() != '"' {
		return s.unexpected("a quoted object key")
	}
	if err := s.str(); err != nil {
		return err
	}
	s.skipSpace()
	if s.peek() != ':' {
		return s.unexpected("':' after object key")
	}
	s.pos++
	s.skipSpace()
	return s.value()
}

// str skips a string, checking escapes and rejecting raw control bytes.
func (s *scanner) str() error {
	s.pos++ // the opening quote
	for s.pos < len(s.data) {
		switch c := s.data[s.pos]; {
		case c == '"':
			s.pos++
			return nil
		case c == '\\':
			if err := s.escape(); err != nil {
				return err
			}
		case c < 0x20:
			return s.fail("control character %s in string", describe(c))
		default:
			s.pos++
		}
	}
	return s.fail("unterminated string")
}

func (s *scanner) escape() error {
	s.pos++ // the backslash
	switch s.peek() {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		s.pos++
		return nil
	case 'u':
		s.pos++
		for range 4 {
			if !isHex(s.peek()) {
				return s.fail("invalid \\u escape in string")
			}
			s.pos++
		}
		return nil
	}
	return s.fail("invalid escape in string")
}

// number skips -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (s *scanner) number() error {
	if s.peek() == '-' {
		s.pos++
	}
	if !isDigit(s.peek()) {
		return s.unexpected("a digit")
	}
	if s.data[s.pos] == '0' {
		s.pos++
	} else {
		s.digits()
	}
	if s.peek() == '.' {
		s.pos++
		if !isDigit(s.peek()) {
			return s.unexpected("a digit after the decimal point")
		}
		s.digits()
	}
	if c := s.peek(); c == 'e' || c == 'E' {
		s.pos++
		if c := s.peek(); c == '+' || c == '-' {
			s.pos++
		}
		if !isDigit(s.peek()) {
			return s.unexpected("a digit in the exponent")
		}
		s.digits()
	}
	return nil
}

func (s *scanner) digits() {
	for isDigit(s.peek()) {
		s.pos++
	}
}

func (s *scanner) literal(word string) error {
	if !bytes.HasPrefix(s.data[s.pos:], []byte(word)) {
		return s.fail("invalid literal, expected %s", word)
	}
	s.pos += len(word)
	return nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isHex(c byte) bool {
	return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}
