package jsonx

import (
	"errors"
	"maps"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	gojson "github.com/goccy/go-json"
)

// ErrNonFinite is the error of a NaN or infinite number, which JSON
// cannot hold.
var ErrNonFinite = errors.New("json: unsupported value: a number that is not finite")

// Object writes one JSON object member by member, in the order of the
// calls. The small types a hook saves on every call (the session state
// and what it caches) encode themselves with it: goccy/go-json compiles
// an encoder for a type on its first use in a process, four opcode sets
// of every field, and for a process that saves one value that costs more
// than the encoding. The output is what [Marshal] writes for the same
// members, so readers cannot tell.
type Object struct {
	b   []byte
	err error
}

// key starts a member.
func (o *Object) key(k string) {
	if len(o.b) == 0 {
		o.b = append(o.b, '{')
	} else {
		o.b = append(o.b, ',')
	}
	o.b = appendString(o.b, k)
	o.b = append(o.b, ':')
}

// Str writes a string member.
func (o *Object) Str(k, v string) {
	o.key(k)
	o.b = appendString(o.b, v)
}

// Int writes an integer member.
func (o *Object) Int(k string, v int64) {
	o.key(k)
	o.b = strconv.AppendInt(o.b, v, 10)
}

// Uint writes an unsigned integer member.
func (o *Object) Uint(k string, v uint64) {
	o.key(k)
	o.b = strconv.AppendUint(o.b, v, 10)
}

// Bool writes a true or false member.
func (o *Object) Bool(k string, v bool) {
	o.key(k)
	o.b = strconv.AppendBool(o.b, v)
}

// Float writes a number member as encoding/json formats a float64; NaN
// and the infinities make [Object.Bytes] fail, as they make Marshal fail.
func (o *Object) Float(k string, v float64) {
	o.key(k)
	b, err := appendFloat(o.b, v)
	if err != nil {
		o.fail(err)
		b = append(o.b, '0')
	}
	o.b = b
}

// appendFloat appends v as encoding/json formats a float64.
func appendFloat(b []byte, v float64) ([]byte, error) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return b, ErrNonFinite
	}
	format := byte('f')
	if a := math.Abs(v); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, v, format, -1, 64)
	if format == 'e' {
		// 1e-07 is written 1e-7.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, nil
}

// Strings writes an array of strings; nil is written null, as Marshal
// writes a nil slice.
func (o *Object) Strings(k string, v []string) {
	o.key(k)
	if v == nil {
		o.b = append(o.b, "null"...)
		return
	}
	o.b = append(o.b, '[')
	for i, s := range v {
		if i > 0 {
			o.b = append(o.b, ',')
		}
		o.b = appendString(o.b, s)
	}
	o.b = append(o.b, ']')
}

// List writes an array member, each element by enc; nil is written
// null, as Marshal writes a nil slice.
func List[E any](o *Object, k string, es []E, enc func(E) ([]byte, error)) {
	if es == nil {
		o.Raw(k, []byte("null"), nil)
		return
	}
	b := []byte{'['}
	for i, e := range es {
		if i > 0 {
			b = append(b, ',')
		}
		data, err := enc(e)
		if err != nil {
			o.Raw(k, nil, err)
			return
		}
		b = append(b, data...)
	}
	o.Raw(k, append(b, ']'), nil)
}

// Raw writes a member whose value is already JSON (from another type's
// MarshalJSON), or the error that encoding it gave.
func (o *Object) Raw(k string, v []byte, err error) {
	o.key(k)
	if err != nil {
		o.fail(err)
		v = []byte("null")
	}
	o.b = append(o.b, v...)
}

// Value writes a member of no fixed type: what [Unmarshal] gives an any
// (nil, bool, float64, string, []any, map[string]any, members in key
// order) is written by hand, anything else by [Marshal].
func (o *Object) Value(k string, v any) {
	o.key(k)
	b, err := appendValue(o.b, v)
	if err != nil {
		o.fail(err)
		b = append(o.b, "null"...)
	}
	o.b = b
}

// appendValue appends v as goccy/go-json writes it: decoded JSON and the
// few simple types of log fields by hand, anything else through goccy.
func appendValue(b []byte, v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case bool:
		return strconv.AppendBool(b, x), nil
	case string:
		return appendString(b, x), nil
	case float64:
		return appendFloat(b, x)
	case int:
		return strconv.AppendInt(b, int64(x), 10), nil
	case int64:
		return strconv.AppendInt(b, x, 10), nil
	case []string:
		return appendList(b, x)
	case map[string]string:
		return appendMap(b, x)
	case map[string]int:
		return appendMap(b, x)
	case map[string]int64:
		return appendMap(b, x)
	case []any:
		return appendList(b, x)
	case map[string]any:
		return appendMap(b, x)
	}
	data, err := gojson.Marshal(v)
	return append(b, data...), err
}

// appendList appends a slice as an array; nil is null.
func appendList[E any](b []byte, x []E) ([]byte, error) {
	if x == nil {
		return append(b, "null"...), nil
	}
	b = append(b, '[')
	for i, e := range x {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = appendValue(b, e); err != nil {
			return b, err
		}
	}
	return append(b, ']'), nil
}

// appendMap appends a map as an object, members in key order; nil is
// null.
func appendMap[E any](b []byte, x map[string]E) ([]byte, error) {
	if x == nil {
		return append(b, "null"...), nil
	}
	b = append(b, '{')
	for i, mk := range slices.Sorted(maps.Keys(x)) {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(appendString(b, mk), ':')
		var err error
		if b, err = appendValue(b, x[mk]); err != nil {
			return b, err
		}
	}
	return append(b, '}'), nil
}

func (o *Object) fail(err error) {
	if o.err == nil {
		o.err = err
	}
}

// Bytes ends the object and returns it, or the first error.
func (o *Object) Bytes() ([]byte, error) {
	if o.err != nil {
		return nil, o.err
	}
	if len(o.b) == 0 {
		return []byte("{}"), nil
	}
	return append(o.b, '}'), nil
}

const hex = "0123456789abcdef"

// appendString appends s quoted as Marshal quotes it: the characters
// HTML gives a meaning to, the line and paragraph separators and
// control characters escaped, invalid UTF-8 replaced by U+FFFD.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c == '\b':
				b = append(b, '\\', 'b')
			case c == '\f':
				b = append(b, '\\', 'f')
			case c < 0x20 || c == '<' || c == '>' || c == '&':
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				b = append(b, c)
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}
