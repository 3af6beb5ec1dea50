// Package jsonx is the project's one JSON package: github.com/goccy/go-json
// behind encoding/json's API (so it can be swapped back in one place),
// with the caps every decoder of untrusted input must have. A document
// over [MaxDocument] bytes or nested deeper than [MaxDepth] is refused
// with an error, and a panic inside the decoder becomes an error too, so
// no transcript line, payload or state file can crash a hook.
package jsonx

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	gojson "github.com/goccy/go-json"
)

// MaxDocument bounds one document given to [Unmarshal]; callers read
// files and payloads with smaller caps of their own.
const MaxDocument = 64 << 20

// MaxDepth is the deepest nesting of objects and arrays decoded; it is
// goccy/go-json's own limit (the same as encoding/json's), checked in
// its decoder and in its skipping of unknown members alike.
const MaxDepth = 10_000

// Errors of the caps.
var (
	ErrTooLarge = errors.New("json document over the size cap")
	ErrPanic    = errors.New("json decoder panicked")
)

// The types of encoding/json's API, as goccy/go-json provides them.
type (
	RawMessage         = gojson.RawMessage
	Number             = gojson.Number
	Delim              = gojson.Delim
	Token              = gojson.Token
	Marshaler          = gojson.Marshaler
	Unmarshaler        = gojson.Unmarshaler
	SyntaxError        = gojson.SyntaxError
	UnmarshalTypeError = gojson.UnmarshalTypeError
	Encoder            = gojson.Encoder
	Decoder            = gojson.Decoder
)

// Unmarshal decodes data into v as encoding/json does (unknown members
// are skipped; a value of the wrong type leaves its field alone and the
// first such error is returned after the rest was decoded), within the
// caps.
func Unmarshal(data []byte, v any) (err error) {
	if len(data) > MaxDocument {
		return fmt.Errorf("%w (%d bytes)", ErrTooLarge, MaxDocument)
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v", ErrPanic, r)
		}
	}()
	return gojson.Unmarshal(data, v)
}

// Into is [Unmarshal] into v as a function of the document, for readers
// that take one (fsutil.ReadOwnDecoded).
func Into(v any) func([]byte) error {
	return func(data []byte) error { return Unmarshal(data, v) }
}

// Marshal encodes v as encoding/json does. Decoded JSON (any, []any,
// map[string]any) and the maps and slices of strings and integers that
// log fields are made of are written by hand, without the encoder
// goccy/go-json compiles for a type on its first use; the output is the
// same.
func Marshal(v any) ([]byte, error) {
	b, err := appendValue(nil, v)
	if err != nil {
		return nil, err
	}
	return b, nil
}

// MarshalIndent is Marshal with each element on its own line.
func MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	return gojson.MarshalIndent(v, prefix, indent)
}

// NewEncoder writes JSON values to w.
func NewEncoder(w io.Writer) *Encoder { return gojson.NewEncoder(w) }

// NewDecoder reads JSON values from r, at most [MaxDocument] bytes in
// all; a panic in it is not caught, so prefer [Unmarshal] on untrusted
// input.
func NewDecoder(r io.Reader) *Decoder {
	return gojson.NewDecoder(io.LimitReader(r, MaxDocument))
}

// Valid reports whether data is one valid JSON value.
func Valid(data []byte) bool {
	if len(data) > MaxDocument {
		return false
	}
	return gojson.Valid(data)
}

// Compact appends src to dst without insignificant space.
func Compact(dst *bytes.Buffer, src []byte) error { return gojson.Compact(dst, src) }

// Indent appends src to dst, indented.
func Indent(dst *bytes.Buffer, src []byte, prefix, indent string) error {
	return gojson.Indent(dst, src, prefix, indent)
}
