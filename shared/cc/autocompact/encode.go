package autocompact

import "github.com/session-intelligence/session-intelligence/shared/core/jsonx"

// MarshalJSON writes the cached settings as their json tags say, without
// the codec goccy/go-json would compile for the type (the session state,
// saved on every tool call, holds them; see [jsonx.Object]).
func (c Config) MarshalJSON() ([]byte, error) {
	var o jsonx.Object
	if len(c.Windows) > 0 {
		o.Value("windows", c.Windows)
	}
	if c.Enabled != nil {
		o.Bool("enabled", *c.Enabled)
	}
	o.Str("stamp", c.Stamp)
	return o.Bytes()
}
