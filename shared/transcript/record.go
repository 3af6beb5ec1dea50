// Package transcript reads Claude Code's session transcripts
// (~/.claude/projects/<encoded>/<session>.jsonl) incrementally: a file is
// parsed once, and later calls read only the bytes appended since, using
// a private cache keyed by the transcript's path. It de-duplicates the
// several records Claude Code writes for one API response (same
// message.id and requestId; the largest usage wins), skips synthetic
// records, understands compact_boundary records, and yields the current
// context size, the cumulative token flow, per-model usage for pricing,
// and the cache-hit ratio of the latest turn.
package transcript

import (
	"bytes"
	"encoding/json"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/pricing"
)

// record is the part of a transcript line we read.
type record struct {
	Type        string     `json:"type"`
	Subtype     string     `json:"subtype"`
	IsSidechain bool       `json:"isSidechain"`
	Timestamp   string     `json:"timestamp"`
	RequestID   string     `json:"requestId"`
	Message     rawMessage `json:"message"`
	Compact     *struct {
		Trigger    string `json:"trigger"`
		PreTokens  int64  `json:"preTokens"`
		PostTokens int64  `json:"postTokens"`
	} `json:"compactMetadata"`
}

type rawMessage struct {
	ID      string     `json:"id"`
	Model   string     `json:"model"`
	Usage   *rawUsage  `json:"usage"`
	Content []rawBlock `json:"content"`
}

// rawBlock is a content block: tool_use ids, and the visible size of
// text and tool input for the thinking estimate.
type rawBlock struct {
	Type  string          `json:"type"`
	ID    string          `json:"id"`
	Text  string          `json:"text"`
	Input json.RawMessage `json:"input"`
}

// visible is the number of characters of a block the user can see.
func (b rawBlock) visible() int {
	switch b.Type {
	case "text":
		return len(b.Text)
	case "tool_use":
		return len(b.Input) + 20
	}
	return 0
}

type rawUsage struct {
	Details *struct {
		Thinking *int64 `json:"thinking_tokens"`
	} `json:"output_tokens_details"`
	Input         int64 `json:"input_tokens"`
	Output        int64 `json:"output_tokens"`
	CacheCreation int64 `json:"cache_creation_input_tokens"`
	CacheRead     int64 `json:"cache_read_input_tokens"`
	Split         *struct {
		FiveMin int64 `json:"ephemeral_5m_input_tokens"`
		OneHour int64 `json:"ephemeral_1h_input_tokens"`
	} `json:"cache_creation"`
}

// usage converts the wire form. When the 5m/1h split is present it is
// authoritative (ccusage reads it the same way); otherwise every cache
// write counts as a 5-minute write.
func (u *rawUsage) usage() pricing.Usage {
	out := pricing.Usage{Input: u.Input, Output: u.Output, CacheRead: u.CacheRead, CacheWrite: u.CacheCreation}
	if u.Split != nil {
		out.CacheWrite, out.CacheWrite1 = u.Split.FiveMin, u.Split.OneHour
	}
	return out
}

// synthetic is the model name of records Claude Code makes up itself
// (API errors, "No response requested."); they carry no real usage.
const synthetic = "<synthetic>"

var (
	markUsage   = []byte(`"usage"`)
	markCompact = []byte(`compact_boundary`)
)

// candidate is a cheap pre-filter: only lines that could be an assistant
// response with usage or a compact boundary are decoded at all.
func candidate(line []byte) bool {
	return bytes.Contains(line, markUsage) || bytes.Contains(line, markCompact)
}

// decode parses a candidate line; ok is false for lines of no interest.
func decode(line []byte) (rec record, ok bool) {
	if err := jsonx.Unmarshal(line, &rec); err != nil && !jsonx.IsTypeError(err) {
		return rec, false
	}
	switch {
	case rec.Type == "assistant" && rec.Message.Usage != nil && rec.Message.Model != synthetic:
		return rec, true
	case rec.Type == "system" && rec.Subtype == "compact_boundary":
		return rec, true
	}
	return rec, false
}

// parseTime reads an RFC 3339 timestamp, zero when absent or invalid.
func parseTime(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}
	}
	return t
}
