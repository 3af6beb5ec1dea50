package replay

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// maxLine is the longest line decoded; longer lines are skipped whole.
const maxLine = 16 << 20

// record is the part of a transcript line the replay reads.
type record struct {
	Type        string   `json:"type"`
	Subtype     string   `json:"subtype"`
	IsSidechain bool     `json:"isSidechain"`
	Timestamp   string   `json:"timestamp"`
	SessionID   string   `json:"sessionId"`
	Cwd         string   `json:"cwd"`
	Message     *message `json:"message"`
	Compact     *struct {
		Trigger   string `json:"trigger"`
		PreTokens int64  `json:"preTokens"`
	} `json:"compactMetadata"`
}

type message struct {
	ID      string           `json:"id"`
	Model   string           `json:"model"`
	Content jsonx.RawMessage `json:"content"` // a string in user records
	Usage   *struct {
		Input         int64 `json:"input_tokens"`
		CacheCreation int64 `json:"cache_creation_input_tokens"`
		CacheRead     int64 `json:"cache_read_input_tokens"`
	} `json:"usage"`
}

// block is a content block; only tool_use blocks are used.
type block struct {
	Type  string           `json:"type"`
	ID    string           `json:"id"`
	Name  string           `json:"name"`
	Input jsonx.RawMessage `json:"input"`
}

// contextTokens is the context size a response reports, ok false without
// usage.
func (m *message) contextTokens() (int64, bool) {
	if m == nil || m.Usage == nil {
		return 0, false
	}
	return m.Usage.Input + m.Usage.CacheCreation + m.Usage.CacheRead, true
}

// toolUses returns the message's tool_use blocks.
func (m *message) toolUses() []block {
	if m == nil || len(m.Content) == 0 || m.Content[0] != '[' {
		return nil
	}
	var blocks []block
	if jsonx.Unmarshal(m.Content, &blocks) != nil {
		return nil
	}
	out := blocks[:0]
	for _, b := range blocks {
		if b.Type == "tool_use" {
			out = append(out, b)
		}
	}
	return out
}

// time returns the record's timestamp, zero when absent or invalid.
func (r *record) time() time.Time {
	t, err := time.Parse(time.RFC3339Nano, r.Timestamp)
	if err != nil {
		return time.Time{}
	}
	return t
}

// Only lines holding one of these can matter: an assistant tool call
// (the quoted value, not "tool_use_id") or a compaction.
var (
	markToolUse = []byte(`"tool_use"`)
	markCompact = []byte(`compact_boundary`)
)

// records calls fn for every decodable candidate line of r, in order.
func records(r io.Reader, fn func(*record)) error {
	br := bufio.NewReaderSize(r, 1<<20)
	var long []byte
	skipping := false
	for {
		chunk, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			skipping = skipping || len(long)+len(chunk) > maxLine
			if !skipping {
				long = append(long, chunk...)
			} else {
				long = long[:0]
			}
			continue
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		line := chunk
		if len(long) > 0 {
			line = append(long, chunk...)
		}
		if !skipping && len(line) <= maxLine+1 {
			decodeLine(line, fn)
		}
		if err != nil {
			return nil
		}
		long, skipping = long[:0], false
	}
}

func decodeLine(line []byte, fn func(*record)) {
	if !bytes.Contains(line, markToolUse) && !bytes.Contains(line, markCompact) {
		return
	}
	var rec record
	if jsonx.Unmarshal(line, &rec) == nil {
		fn(&rec)
	}
}
