package thread

import (
	"bytes"
	"encoding/json"
	"errors"
	"time"
)

// A view reads every summary line of a thread (thousands, a few MB) to
// pick the few dozen it shows, so they are read here without
// encoding/json's reflection and validation pass: the lines are this
// package's own, one flat object of string fields each. A line this
// reader does not follow goes to encoding/json instead.

var errNotFlat = errors.New("not a flat object of strings")

// decodeSummary reads one summary line.
func decodeSummary(line []byte) (Summary, error) {
	var s Summary
	err := eachField(line, func(name, raw []byte) error {
		var err error
		switch string(name) {
		case "kind":
			s.Kind, err = unquote(raw)
		case "key":
			s.Key, err = unquote(raw)
		case "sig":
			s.Sig, err = unquote(raw)
		case "model":
			s.Model, err = unquote(raw)
		case "text":
			s.Text, err = unquote(raw)
		case "at":
			var at string
			if at, err = unquote(raw); err == nil {
				s.At, err = time.Parse(time.RFC3339Nano, at)
			}
		}
		return err
	})
	if err != nil {
		s = Summary{}
		err = json.Unmarshal(line, &s)
	}
	return s, err
}

// eachField calls fn with each top-level field of a flat JSON object
// whose values are strings: its name and its quoted value.
func eachField(line []byte, fn func(name, raw []byte) error) error {
	p := bytes.TrimSpace(line)
	if len(p) < 2 || p[0] != '{' || p[len(p)-1] != '}' {
		return errNotFlat
	}
	p = p[1 : len(p)-1]
	for len(p) > 0 {
		name, rest, ok := cutString(p)
		if !ok || len(rest) == 0 || rest[0] != ':' {
			return errNotFlat
		}
		raw, rest, ok := cutString(rest[1:])
		if !ok {
			return errNotFlat
		}
		if err := fn(name[1:len(name)-1], raw); err != nil {
			return err
		}
		if len(rest) > 0 {
			if rest[0] != ',' {
				return errNotFlat
			}
			rest = rest[1:]
		}
		p = rest
	}
	return nil
}

// cutString splits a quoted JSON string (with its quotes) off p.
func cutString(p []byte) (str, rest []byte, ok bool) {
	if len(p) == 0 || p[0] != '"' {
		return nil, nil, false
	}
	for i := 1; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '"':
			return p[:i+1], p[i+1:], true
		}
	}
	return nil, nil, false
}

// unquote decodes a quoted JSON string; one without escapes is copied.
func unquote(raw []byte) (string, error) {
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw[1 : len(raw)-1]), nil
	}
	var s string
	err := json.Unmarshal(raw, &s)
	return s, err
}
