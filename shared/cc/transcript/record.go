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
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/pricing"
)

// record is the part of a transcript line we read; everything else in a
// line (message text, tool input, thinking) is skipped by the decoder.
type record struct {
	Type        string       `json:"type"`
	Subtype     string       `json:"subtype"`
	IsSidechain bool         `json:"isSidechain"`
	Timestamp   string       `json:"timestamp"`
	RequestID   string       `json:"requestId"`
	Version     string       `json:"version"` // of the Claude Code that wrote the record
	Message     rawMessage   `json:"message"`
	Compact     *compactMeta `json:"compactMetadata"`
}

type compactMeta struct {
	Trigger    string `json:"trigger"`
	PreTokens  int64  `json:"preTokens"`
	PostTokens int64  `json:"postTokens"`
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
	Type     string  `json:"type"`
	ID       string  `json:"id"`
	TextLen  textLen `json:"text"`  // unescaped bytes of "text"
	InputLen rawLen  `json:"input"` // bytes of the "input" JSON
}

// visible is the number of characters of a block the user can see.
func (b rawBlock) visible() int {
	switch b.Type {
	case "text":
		return int(b.TextLen)
	case "tool_use":
		return int(b.InputLen) + 20
	}
	return 0
}

type rawUsage struct {
	Details       *details    `json:"output_tokens_details"`
	Input         int64       `json:"input_tokens"`
	Output        int64       `json:"output_tokens"`
	CacheCreation int64       `json:"cache_creation_input_tokens"`
	CacheRead     int64       `json:"cache_read_input_tokens"`
	Split         *splitUsage `json:"cache_creation"`
}

type details struct {
	Thinking *int64 `json:"thinking_tokens"`
}

type splitUsage struct {
	FiveMin int64 `json:"ephemeral_5m_input_tokens"`
	OneHour int64 `json:"ephemeral_1h_input_tokens"`
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

// maxBoundary bounds the size of a compact_boundary record; only lines
// this short are searched for one, so the bulk of a transcript (large
// tool results and prompts) is scanned once, for "usage".
const maxBoundary = 64 << 10

// candidate is a cheap pre-filter: only lines that could be an assistant
// response with usage or a compact boundary are decoded at all.
func candidate(line []byte) bool {
	return bytes.Contains(line, markUsage) || len(line) <= maxBoundary && bytes.Contains(line, markCompact)
}

// parseTime reads an RFC 3339 timestamp, zero when absent or invalid.
func parseTime(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}
	}
	return t
}
