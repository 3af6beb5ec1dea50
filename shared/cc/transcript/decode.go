package transcript

import (
	"bytes"
	"errors"
	"unicode/utf8"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// Transcript lines are untrusted input: Claude Code writes them while we
// read, a crash or a full disk tears them, and any byte may be flipped.
// They are decoded with jsonx (goccy/go-json, with its depth cap and a
// panic guard), never with a scanner of our own.

// verdict is what [decode] made of a line.
type verdict int

const (
	skipped verdict = iota // valid, but of no interest
	useful                 // an assistant response with usage, or a compact boundary
	broken                 // not a JSON object: counted and passed over
)

// decode parses a candidate line. A member of the wrong type reads as
// empty, as encoding/json leaves it, and the rest of the record still
// counts; a line that is not a JSON object at all is broken.
func decode(line []byte) (rec record, v verdict) {
	if first := firstByte(line); first != '{' {
		return rec, broken
	}
	if err := jsonx.Unmarshal(line, &rec); err != nil {
		var te *jsonx.UnmarshalTypeError
		if !errors.As(err, &te) {
			return record{}, broken
		}
	}
	switch {
	case rec.Type == "assistant" && rec.Message.Usage != nil && rec.Message.Model != synthetic:
		return rec, useful
	case rec.Type == "system" && rec.Subtype == "compact_boundary":
		return rec, useful
	}
	return rec, skipped
}

// firstByte is the first byte of line that is not JSON white space.
func firstByte(line []byte) byte {
	trimmed := bytes.TrimLeft(line, " \t\r\n")
	if len(trimmed) == 0 {
		return 0
	}
	return trimmed[0]
}

// textLen is the length of a JSON string once unescaped (invalid UTF-8
// becomes U+FFFD, as in encoding/json); a value of another type reads as 0.
type textLen int

// UnmarshalJSON is given a value the decoder has already checked.
func (n *textLen) UnmarshalJSON(data []byte) error {
	if len(data) < 2 || data[0] != '"' {
		return nil
	}
	if bytes.IndexByte(data, '\\') < 0 && utf8.Valid(data) {
		*n = textLen(len(data) - 2)
		return nil
	}
	var s string
	if err := jsonx.Unmarshal(data, &s); err != nil {
		return err
	}
	*n = textLen(len(s))
	return nil
}

// rawLen is the length in bytes of a JSON value as written.
type rawLen int

// UnmarshalJSON is given a value the decoder has already checked.
func (n *rawLen) UnmarshalJSON(data []byte) error {
	*n = rawLen(len(data))
	return nil
}
