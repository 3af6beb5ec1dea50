package session

import "github.com/session-intelligence/session-intelligence/shared/core/jsonx"

// MarshalJSON writes the state as its json tags say. Every PostToolUse
// and UserPromptSubmit saves it once: written by hand, the hook does not
// compile goccy/go-json's encoder for it first, which cost more than the
// rest of the saving (see [jsonx.Object]).
func (s State) MarshalJSON() ([]byte, error) {
	var o jsonx.Object
	o.Int("calls", int64(s.Calls))
	o.Int("estimate", s.Estimate)
	o.Int("tokens", s.Tokens)
	o.Str("tokenSource", s.TokenSource)
	o.Str("zone", s.Zone)
	o.Int("zoneTokens", s.ZoneTokens)
	if s.ZoneSent != 0 {
		o.Int("zoneSent", int64(s.ZoneSent))
	}
	if s.ZoneEpoch != 0 {
		o.Int("zoneEpoch", int64(s.ZoneEpoch))
	}
	o.Int("advisories", int64(s.Advisories))
	o.Int("shapeLines", int64(s.ShapeLines))
	o.Int("archived", int64(s.Archived))
	o.Bool("noLagWait", s.NoLagWait)
	pressure, err := s.Pressure.MarshalJSON()
	o.Raw("pressure", pressure, err)
	if s.Announced != "" {
		o.Str("announced", s.Announced)
	}
	o.Str("cwd", s.Cwd)
	o.Int("updated", s.Updated)
	return o.Bytes()
}
