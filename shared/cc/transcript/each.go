package transcript

import (
	"io"

	"github.com/session-intelligence/session-intelligence/shared/cc/pricing"
)

// Response is one assistant record with usage, as [Each] yields it.
type Response struct {
	Key   uint64 // identifies the API response (message.id + requestId)
	HasID bool   // false when the record has no message.id (never de-duplicated)
	Model string
	Usage pricing.Usage
}

// Each calls fn for every non-synthetic assistant record with usage in r,
// in file order, duplicates included; reports that de-duplicate across
// files use it.
func Each(r io.Reader, fn func(Response)) error {
	_, _, err := eachLine(r, 0, false, func(line []byte, _ int64) {
		if !candidate(line) {
			return
		}
		rec, v := decode(line)
		if v != useful || rec.Type != "assistant" {
			return
		}
		fn(Response{Key: responseKey(rec.Message.ID, rec.RequestID), HasID: rec.Message.ID != "",
			Model: rec.Message.Model, Usage: rec.Message.Usage.usage()})
	})
	return err
}

// Add counts one response into m.
func (m *ModelUsage) Add(u pricing.Usage) {
	m.Usage, m.Above = m.Usage.Add(u), m.Above.Add(pricing.Split(u))
	m.Responses++
}
