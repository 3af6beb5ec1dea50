package transcript

import (
	"bytes"
	"errors"
	"io"

	"github.com/session-intelligence/session-intelligence/shared/cc/pricing"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
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
		if resp, ok := decodeResponse(line); ok {
			fn(resp)
		}
	})
	return err
}

// usageRecord is the part of a record [Each] reads: the decoder skips
// the rest (the content blocks above all) without building it, which
// makes a report over many sessions several times cheaper than decoding
// whole records. It keeps decode's verdicts: a line that is not valid
// JSON is passed over, a value of the wrong type only leaves its field
// empty.
type usageRecord struct {
	Type      string `json:"type"`
	RequestID string `json:"requestId"`
	Message   struct {
		ID    string    `json:"id"`
		Model string    `json:"model"`
		Usage *rawUsage `json:"usage"`
	} `json:"message"`
}

// decodeResponse reads one line as [Each] yields it; ok is false for a
// line that is not a non-synthetic assistant record with usage. Lines
// without a "usage" key are passed over before any decoding.
func decodeResponse(line []byte) (Response, bool) {
	if !bytes.Contains(line, markUsage) || firstByte(line) != '{' {
		return Response{}, false
	}
	var rec usageRecord
	if err := jsonx.Unmarshal(line, &rec); err != nil {
		if _, typeErr := errors.AsType[*jsonx.UnmarshalTypeError](err); !typeErr {
			return Response{}, false
		}
	}
	m := rec.Message
	if rec.Type != "assistant" || m.Usage == nil || m.Model == synthetic {
		return Response{}, false
	}
	return Response{Key: responseKey(m.ID, rec.RequestID), HasID: m.ID != "", Model: m.Model, Usage: m.Usage.usage()}, true
}

// Add counts one response into m.
func (m *ModelUsage) Add(u pricing.Usage) {
	m.Usage, m.Above = m.Usage.Add(u), m.Above.Add(pricing.Split(u))
	m.Responses++
}
