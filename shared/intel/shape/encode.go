package shape

import "github.com/session-intelligence/session-intelligence/shared/core/jsonx"

// MarshalJSON writes the entry as its json tags say, without the codec
// goccy/go-json would compile for it first: PostToolUse appends one entry
// per call, and the compilation cost more than the writing (see
// [jsonx.Object]).
func (e Entry) MarshalJSON() ([]byte, error) {
	var o jsonx.Object
	o.Int("t", e.T)
	o.Int("tok", e.Tok)
	o.Str("tool", e.Tool)
	nullable(&o, "root", e.Root)
	nullable(&o, "file", e.File)
	if e.Event != "" {
		o.Str("event", e.Event)
	}
	if e.Est {
		o.Bool("est", true)
	}
	return o.Bytes()
}

// nullable writes a string that may be absent, as null.
func nullable(o *jsonx.Object, k string, s *string) {
	if s == nil {
		o.Raw(k, []byte("null"), nil)
		return
	}
	o.Str(k, *s)
}
