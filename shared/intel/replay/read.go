package replay

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/intel/shape"
)

// maxLine is the longest line decoded; longer lines are skipped whole.
const maxLine = 16 << 20

// record is the part of a transcript line the replay reads.
type record struct {
	Type        string   `json:"type"`
	Subtype     string   `json:"subtype"`
	IsSidechain bool     `json:"isSidechain"`
	IsSummary   bool     `json:"isCompactSummary"`
	Timestamp   string   `json:"timestamp"`
	SessionID   string   `json:"sessionId"`
	Cwd         string   `json:"cwd"`
	Message     *message `json:"message"`
	Compact     *struct {
		Trigger    string `json:"trigger"`
		PreTokens  int64  `json:"preTokens"`
		PostTokens int64  `json:"postTokens"` // 0 before Claude Code wrote it
	} `json:"compactMetadata"`
	IsMeta bool `json:"isMeta"` // a message Claude Code made, not a prompt
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

// block is a content block: a tool_use in assistant records, a
// tool_result in user records.
type block struct {
	Type      string           `json:"type"`
	ID        string           `json:"id"`
	Name      string           `json:"name"`
	Input     jsonx.RawMessage `json:"input"`
	ToolUseID string           `json:"tool_use_id"`
	IsError   bool             `json:"is_error"`
	Content   jsonx.RawMessage `json:"content"`
	Text      string           `json:"text"`
}

// contextTokens is the context size a response reports, ok false without
// usage.
func (m *message) contextTokens() (int64, bool) {
	if m == nil || m.Usage == nil {
		return 0, false
	}
	return m.Usage.Input + m.Usage.CacheCreation + m.Usage.CacheRead, true
}

// blocks returns the message's content blocks of type kind.
func (m *message) blocks(kind string) []block {
	if m == nil || len(m.Content) == 0 || m.Content[0] != '[' {
		return nil
	}
	var blocks []block
	if jsonx.Unmarshal(m.Content, &blocks) != nil {
		return nil
	}
	out := blocks[:0]
	for _, b := range blocks {
		if b.Type == kind {
			out = append(out, b)
		}
	}
	return out
}

// prompt returns the text of a user record that is a prompt (what the
// UserPromptSubmit hook is given), "" for any other record.
func (r *record) prompt() string {
	if r.Type != "user" || r.IsMeta || r.IsSummary || r.Message == nil || len(r.Message.Content) == 0 {
		return ""
	}
	if r.Message.Content[0] == '"' {
		var s string
		_ = jsonx.Unmarshal(r.Message.Content, &s)
		return s
	}
	if len(r.Message.blocks("tool_result")) > 0 {
		return ""
	}
	var b strings.Builder
	for _, t := range r.Message.blocks("text") {
		b.WriteString(t.Text)
	}
	return b.String()
}

// time returns the record's timestamp, zero when absent or invalid.
func (r *record) time() time.Time {
	t, err := time.Parse(time.RFC3339Nano, r.Timestamp)
	if err != nil {
		return time.Time{}
	}
	return t
}

// Only lines holding one of these (or markSummary) can matter to the
// replay: an assistant tool call (the quoted value, not "tool_use_id"),
// its result, a prompt or a compaction.
var (
	markToolUse    = []byte(`"tool_use"`)
	markToolResult = []byte(`"tool_result"`)
	markUser       = []byte(`"type":"user"`)
	markCompact    = []byte(`compact_boundary`)
)

// lines calls fn with every line of r (newline included when there is
// one) and its offset; a line longer than maxLine is skipped.
func lines(r io.Reader, fn func(line []byte, off int64)) error {
	br := bufio.NewReaderSize(r, 1<<20)
	var long []byte
	var off, size int64 // offset of the current line, bytes of it so far
	skipping := false
	for {
		chunk, err := br.ReadSlice('\n')
		size += int64(len(chunk))
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
		if !skipping && len(line) > 0 && len(line) <= maxLine+1 {
			fn(line, off)
		}
		if err != nil {
			return nil
		}
		off, size = off+size, 0
		long, skipping = long[:0], false
	}
}

// gather is the first pass: the paths the transcript shows existed, the
// oracle of the second (the replay has no checkout), and the largest
// context a response reported (past 200k, the session had a 1M window).
func gather(r io.Reader) (known *shape.Known, peak int64, err error) {
	var ev shape.Evidence
	err = lines(r, func(line []byte, _ int64) {
		var rec record
		if jsonx.Unmarshal(line, &rec) != nil || rec.IsSidechain {
			return
		}
		ev.Dir(rec.Cwd)
		switch rec.Type {
		case "assistant":
			if tok, ok := rec.Message.contextTokens(); ok && rec.Message.Model != synthetic {
				peak = max(peak, tok)
			}
			for _, b := range rec.Message.blocks("tool_use") {
				ev.Use(b.ID, b.Name, b.Input, rec.Cwd)
			}
		case "user":
			for _, b := range rec.Message.blocks("tool_result") {
				ev.Result(b.ToolUseID, b.Content, b.IsError)
			}
		}
	})
	return ev.Known(), peak, err
}

// decodeCandidate decodes line when it can matter to the replay.
func decodeCandidate(line []byte) (*record, bool) {
	if !bytes.Contains(line, markToolUse) && !bytes.Contains(line, markToolResult) && !bytes.Contains(line, markUser) &&
		!bytes.Contains(line, markCompact) && !bytes.Contains(line, markSummary) {
		return nil, false
	}
	var rec record
	if jsonx.Unmarshal(line, &rec) != nil {
		return nil, false
	}
	return &rec, true
}
