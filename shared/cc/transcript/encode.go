package transcript

import (
	"maps"
	"slices"
	"strconv"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/pricing"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// The cache files are rewritten by every hook that finds the transcript
// grown, which in a session is nearly every one: the types they hold
// encode themselves (see [jsonx.Object]) rather than have goccy/go-json
// compile encoders for a dozen types first, which cost more pages than
// the rest of the saving.

// MarshalJSON writes the stats file's document as its json tags say.
func (c cached) MarshalJSON() ([]byte, error) {
	var o jsonx.Object
	var id jsonx.Object
	id.Str("path", c.ID.Path)
	id.Uint("dev", c.ID.Dev)
	id.Uint("ino", c.ID.Ino)
	id.Str("tail", c.ID.Tail)
	b, err := id.Bytes()
	o.Raw("id", b, err)
	if c.Stats == nil {
		o.Raw("stats", []byte("null"), nil)
	} else {
		b, err = c.Stats.MarshalJSON()
		o.Raw("stats", b, err)
	}
	return o.Bytes()
}

// MarshalJSON writes the stats as their json tags say.
func (s Stats) MarshalJSON() ([]byte, error) {
	var o jsonx.Object
	o.Int("offset", s.Offset)
	at(&o, "first", s.First)
	at(&o, "last", s.Last)
	usage(&o, "totals", s.Totals)
	o.Int("responses", int64(s.Responses))
	models(&o, "models", s.Models)
	models(&o, "sinceCompact", s.SinceCompact)
	if s.Latest != nil {
		b, err := s.Latest.MarshalJSON()
		o.Raw("latest", b, err)
	}
	o.Int("peak", s.Peak)
	o.Str("version", s.Version)
	jsonx.List(&o, "compacts", s.Compacts, Compact.MarshalJSON)
	o.Int("compactCount", int64(s.CompactCount))
	o.Strings("toolUses", s.ToolUses)
	jsonx.List(&o, "thinking", s.Thinking, func(n int64) ([]byte, error) { return strconv.AppendInt(nil, n, 10), nil })
	o.Bool("skipLine", s.SkipLine)
	o.Int("badLines", int64(s.BadLines))
	o.Int("lastBad", s.LastBad)
	return o.Bytes()
}

// MarshalJSON writes the model's usage as its json tags say.
func (m ModelUsage) MarshalJSON() ([]byte, error) {
	var o jsonx.Object
	usage(&o, "usage", m.Usage)
	usage(&o, "above", m.Above)
	o.Int("responses", int64(m.Responses))
	return o.Bytes()
}

// MarshalJSON writes the turn as its json tags say.
func (t Turn) MarshalJSON() ([]byte, error) {
	var o jsonx.Object
	o.Str("id", t.ID)
	o.Str("model", t.Model)
	usage(&o, "usage", t.Usage)
	at(&o, "at", t.At)
	o.Int("offset", t.Offset)
	return o.Bytes()
}

// MarshalJSON writes the compaction as its json tags say.
func (c Compact) MarshalJSON() ([]byte, error) {
	var o jsonx.Object
	at(&o, "at", c.At)
	o.Str("trigger", c.Trigger)
	o.Int("preTokens", c.PreTokens)
	o.Int("postTokens", c.PostTokens)
	o.Int("offset", c.Offset)
	return o.Bytes()
}

// MarshalJSON writes the resume file's document as its json tags say.
func (r resumeState) MarshalJSON() ([]byte, error) {
	var o jsonx.Object
	jsonx.List(&o, "recent", r.Recent, func(e recent) ([]byte, error) {
		var ro jsonx.Object
		ro.Uint("k", e.Key)
		ro.Str("m", e.Model)
		usage(&ro, "u", e.Usage)
		ro.Bool("s", e.Since)
		return ro.Bytes()
	})
	return o.Bytes()
}

// at writes a time as time.Time's MarshalJSON does.
func at(o *jsonx.Object, k string, t time.Time) {
	b, err := t.MarshalJSON()
	o.Raw(k, b, err)
}

// usage writes token counts with pricing.Usage's json tags.
func usage(o *jsonx.Object, k string, u pricing.Usage) {
	var uo jsonx.Object
	uo.Int("input_tokens", u.Input)
	uo.Int("output_tokens", u.Output)
	uo.Int("cache_creation_5m_tokens", u.CacheWrite)
	uo.Int("cache_creation_1h_tokens", u.CacheWrite1)
	uo.Int("cache_read_input_tokens", u.CacheRead)
	b, err := uo.Bytes()
	o.Raw(k, b, err)
}

// models writes usage per model, in key order; nil is null.
func models(o *jsonx.Object, k string, m map[string]*ModelUsage) {
	if m == nil {
		o.Raw(k, []byte("null"), nil)
		return
	}
	var mo jsonx.Object
	for _, name := range slices.Sorted(maps.Keys(m)) {
		if m[name] == nil {
			mo.Raw(name, []byte("null"), nil)
			continue
		}
		b, err := m[name].MarshalJSON()
		mo.Raw(name, b, err)
	}
	b, err := mo.Bytes()
	o.Raw(k, b, err)
}
