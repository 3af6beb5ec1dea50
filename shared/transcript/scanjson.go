package transcript

import (
	"bytes"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// cursor is a minimal JSON reader for transcript records. It visits only
// the members decode asks for and skips everything else by scanning for
// the end of each value, which is several times faster than decoding a
// record with encoding/json (most of a record is message content we do
// not need). Any syntax error makes the caller drop the line.
type cursor struct {
	b   []byte
	i   int
	bad bool
}

func (c *cursor) ws() {
	for c.i < len(c.b) {
		switch c.b[c.i] {
		case ' ', '\t', '\n', '\r':
			c.i++
		default:
			return
		}
	}
}

// peek returns the next non-space byte, 0 at the end.
func (c *cursor) peek() byte {
	c.ws()
	if c.i >= len(c.b) {
		return 0
	}
	return c.b[c.i]
}

func (c *cursor) fail() bool { c.bad = true; return false }

// str reads a string and returns its raw (still escaped) bytes.
func (c *cursor) str() ([]byte, bool) {
	if c.peek() != '"' {
		return nil, c.fail()
	}
	start := c.i + 1
	for j := start; ; {
		k := bytes.IndexByte(c.b[j:], '"')
		if k < 0 {
			return nil, c.fail()
		}
		j += k
		back := 0
		for b := j - 1; b >= start && c.b[b] == '\\'; b-- {
			back++
		}
		if back%2 == 0 {
			c.i = j + 1
			return c.b[start:j], true
		}
		j++
	}
}

// text reads a string and unescapes it; a value of another type is
// skipped and reads as "", as encoding/json would leave the field.
func (c *cursor) text() (string, bool) {
	if c.peek() != '"' {
		return "", c.skip()
	}
	raw, ok := c.str()
	if !ok {
		return "", false
	}
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw), true
	}
	s, ok := unescape(raw)
	if !ok {
		return "", c.fail()
	}
	return s, true
}

// unescape decodes JSON string escapes, surrogate pairs included.
func unescape(raw []byte) (string, bool) {
	out := make([]byte, 0, len(raw))
	for k := 0; k < len(raw); k++ {
		if raw[k] != '\\' {
			out = append(out, raw[k])
			continue
		}
		if k++; k >= len(raw) {
			return "", false
		}
		switch raw[k] {
		case '"', '\\', '/':
			out = append(out, raw[k])
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, n := hexRune(raw[k+1:])
			if n == 0 {
				return "", false
			}
			out = utf8.AppendRune(out, r)
			k += n
		default:
			return "", false
		}
	}
	return string(out), true
}

// hexRune reads XXXX (and a following \uXXXX low surrogate) after \u;
// n is how many bytes it used, 0 when malformed.
func hexRune(b []byte) (rune, int) {
	if len(b) < 4 {
		return 0, 0
	}
	v, err := strconv.ParseUint(string(b[:4]), 16, 32)
	if err != nil {
		return 0, 0
	}
	r := rune(v)
	if utf16.IsSurrogate(r) {
		if len(b) >= 10 && b[4] == '\\' && b[5] == 'u' {
			if w, err := strconv.ParseUint(string(b[6:10]), 16, 32); err == nil {
				if dec := utf16.DecodeRune(r, rune(w)); dec != utf8.RuneError {
					return dec, 10
				}
			}
		}
		return utf8.RuneError, 4
	}
	return r, 4
}

// textLen reads a string and returns its unescaped length in bytes
// without building it (0 for a value of another type).
func (c *cursor) textLen() (int, bool) {
	if c.peek() != '"' {
		return 0, c.skip()
	}
	raw, ok := c.str()
	if !ok {
		return 0, false
	}
	n := 0
	for k := 0; k < len(raw); k++ {
		if raw[k] != '\\' || k+1 >= len(raw) {
			n++
			continue
		}
		k++
		if raw[k] == 'u' && k+4 < len(raw) {
			v, err := strconv.ParseUint(string(raw[k+1:k+5]), 16, 32)
			if err == nil {
				n += utf8.RuneLen(rune(v))
			}
			k += 4
			continue
		}
		n++
	}
	return n, true
}

// integer reads a number as int64 (fractions truncated); a value of
// another type is skipped and reads as 0, as encoding/json would leave it.
func (c *cursor) integer() int64 {
	c.ws()
	start := c.i
	for c.i < len(c.b) && (c.b[c.i] == '-' || c.b[c.i] == '+' || c.b[c.i] == '.' || c.b[c.i] == 'e' || c.b[c.i] == 'E' || c.b[c.i] >= '0' && c.b[c.i] <= '9') {
		c.i++
	}
	if c.i == start {
		c.skip()
		return 0
	}
	tok := string(c.b[start:c.i])
	if n, err := strconv.ParseInt(tok, 10, 64); err == nil {
		return n
	}
	f, err := strconv.ParseFloat(tok, 64)
	if err != nil {
		c.fail()
	}
	return int64(f)
}

// boolean reads true or false; anything else is skipped and reads false.
func (c *cursor) boolean() bool {
	switch c.peek() {
	case 't':
		return c.literal("true")
	case 'f':
		c.literal("false")
		return false
	}
	c.skip()
	return false
}

func (c *cursor) literal(word string) bool {
	if !bytes.HasPrefix(c.b[c.i:], []byte(word)) {
		return c.fail()
	}
	c.i += len(word)
	return true
}

// null consumes a null and reports whether it was one.
func (c *cursor) null() bool {
	if c.peek() == 'n' {
		return c.literal("null")
	}
	return false
}

// skip passes over one value of any type.
func (c *cursor) skip() bool {
	switch c.peek() {
	case '"':
		_, ok := c.str()
		return ok
	case '{':
		return c.object(func([]byte) bool { return false })
	case '[':
		return c.array(func() bool { return false })
	case 't':
		return c.literal("true")
	case 'f':
		return c.literal("false")
	case 'n':
		return c.literal("null")
	case 0:
		return c.fail()
	}
	c.integer()
	return !c.bad
}

// object walks an object. visit is called with each key positioned on
// its value; it returns true when it consumed the value, false to have it
// skipped. A value of another type than an object is skipped.
func (c *cursor) object(visit func(key []byte) bool) bool {
	if c.null() {
		return true
	}
	if c.peek() != '{' {
		return c.skip()
	}
	c.i++
	if c.peek() == '}' {
		c.i++
		return true
	}
	for !c.bad {
		key, ok := c.str()
		if !ok || c.peek() != ':' {
			return c.fail()
		}
		c.i++
		if !visit(key) && !c.skip() {
			return false
		}
		switch c.peek() {
		case ',':
			c.i++
		case '}':
			c.i++
			return true
		default:
			return c.fail()
		}
	}
	return false
}

// array walks an array; each returns true when it consumed the element.
func (c *cursor) array(each func() bool) bool {
	if c.null() {
		return true
	}
	if c.peek() != '[' {
		return c.skip()
	}
	c.i++
	if c.peek() == ']' {
		c.i++
		return true
	}
	for !c.bad {
		if !each() && !c.skip() {
			return false
		}
		switch c.peek() {
		case ',':
			c.i++
		case ']':
			c.i++
			return true
		default:
			return c.fail()
		}
	}
	return false
}

// is reports whether a raw key equals name, case-insensitively as
// encoding/json matches field names.
func is(key []byte, name string) bool {
	return len(key) == len(name) && bytes.EqualFold(key, []byte(name))
}
