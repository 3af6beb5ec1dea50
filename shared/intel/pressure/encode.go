package pressure

import "github.com/session-intelligence/session-intelligence/shared/core/jsonx"

// MarshalJSON writes the cache as its json tags say, without the codec
// goccy/go-json would compile for it (see [jsonx.Object]).
func (c Cache) MarshalJSON() ([]byte, error) {
	var o jsonx.Object
	claude, err := c.Claude.MarshalJSON()
	o.Raw("claude", claude, err)
	zones, err := c.Zones.MarshalJSON()
	o.Raw("zones", zones, err)
	return o.Bytes()
}
