package zones

import "github.com/session-intelligence/session-intelligence/shared/core/jsonx"

// MarshalJSON writes the set as its json tags say, without the codec
// goccy/go-json would compile for it (the session state, saved on every
// tool call, holds one; see [jsonx.Object]).
func (s Set) MarshalJSON() ([]byte, error) {
	var o jsonx.Object
	o.Int("yellow", s.Yellow)
	o.Int("orange", s.Orange)
	o.Int("red", s.Red)
	if s.Adaptive {
		o.Bool("adaptive", true)
	}
	if s.Samples != 0 {
		o.Int("samples", int64(s.Samples))
	}
	if s.CostTightened {
		o.Bool("costTightened", true)
	}
	if s.Source != "" {
		o.Str("source", s.Source)
	}
	if s.Compact != 0 {
		o.Int("compact", s.Compact)
	}
	if len(s.User) > 0 {
		o.Strings("user", s.User)
	}
	if len(s.Moved) > 0 {
		o.Strings("moved", s.Moved)
	}
	return o.Bytes()
}

// MarshalJSON writes the learned zones as their json tags say.
func (l Learned) MarshalJSON() ([]byte, error) {
	var o jsonx.Object
	set, err := l.Set.MarshalJSON()
	o.Raw("set", set, err)
	o.Float("costP75", l.CostP75)
	o.Int("lo", l.Lo)
	return o.Bytes()
}

// MarshalJSON writes the cache entry as its json tags say.
func (c Cached) MarshalJSON() ([]byte, error) {
	var o jsonx.Object
	o.Str("stamp", c.Stamp)
	o.Str("cwd", c.Cwd)
	if c.Point != 0 {
		o.Int("point", c.Point)
	}
	if c.User != "" {
		o.Str("user", c.User)
	}
	learned, err := c.Learned.MarshalJSON()
	o.Raw("learned", learned, err)
	return o.Bytes()
}
