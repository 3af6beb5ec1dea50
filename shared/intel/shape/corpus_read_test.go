package shape

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/testkit/refdata"
)

// This file reads the recorded sessions of the corpus for the tests that
// measure the tracker on them: every main-chain tool call with the context
// size of the response that made it, and the paths the transcript shows
// existed, since no checkout of those projects is here.

// corpusFiles lists the transcripts of both corpus folders; the test is
// skipped when the reference material is absent.
func corpusFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, dir := range []string{refdata.Dir(t, "corpus", "transcripts"), refdata.Dir(t, "corpus", "entire")} {
		f, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
		files = append(files, f...)
	}
	if len(files) == 0 {
		t.Skip("no transcripts in the corpus")
	}
	return files
}

// replayCall is one tool call of a recorded session.
type replayCall struct {
	tool  string
	input jsonx.RawMessage
	cwd   string
	tok   int64 // context tokens of the response that made the call
	t     int64
	event string // the phase event a Bash command marks
}

// session is a recorded session: its calls, the paths it showed and the
// context size at each of its compactions.
type session struct {
	name      string
	calls     []replayCall
	known     *Known
	compacted []int64
}

type rec struct {
	Type        string `json:"type"`
	Subtype     string `json:"subtype"`
	IsSidechain bool   `json:"isSidechain"`
	Cwd         string `json:"cwd"`
	Timestamp   string `json:"timestamp"`
	Compact     *struct {
		PreTokens int64 `json:"preTokens"`
	} `json:"compactMetadata"`
	Message *struct {
		ID      string           `json:"id"`
		Content jsonx.RawMessage `json:"content"`
		Usage   *struct {
			Input         int64 `json:"input_tokens"`
			CacheCreation int64 `json:"cache_creation_input_tokens"`
			CacheRead     int64 `json:"cache_read_input_tokens"`
		} `json:"usage"`
	} `json:"message"`
}

type block struct {
	Type      string           `json:"type"`
	ID        string           `json:"id"`
	Name      string           `json:"name"`
	Input     jsonx.RawMessage `json:"input"`
	ToolUseID string           `json:"tool_use_id"`
	IsError   bool             `json:"is_error"`
	Content   jsonx.RawMessage `json:"content"`
}

// readSession reads a transcript: the calls in order, and the paths it
// showed existed.
func readSession(t *testing.T, path string) session {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rd := reader{s: session{name: filepath.Base(path)}, seen: map[string]bool{}}
	for _, line := range bytes.Split(raw, []byte("\n")) {
		var r rec
		if len(line) > 0 && jsonx.Unmarshal(line, &r) == nil && !r.IsSidechain {
			rd.record(r)
		}
	}
	rd.s.known = rd.ev.Known()
	return rd.s
}

// reader gathers a session record by record.
type reader struct {
	s    session
	seen map[string]bool // message id/tool_use id: a response is logged once per content block
	ev   Evidence
}

func (rd *reader) record(r rec) {
	rd.ev.Dir(r.Cwd)
	if r.Type == "system" && r.Subtype == "compact_boundary" && r.Compact != nil && r.Compact.PreTokens > 0 {
		rd.s.compacted = append(rd.s.compacted, r.Compact.PreTokens)
	}
	var blocks []block
	if r.Message == nil || jsonx.Unmarshal(r.Message.Content, &blocks) != nil {
		return
	}
	for _, b := range blocks {
		switch key := r.Message.ID + "/" + b.ID; {
		case r.Type == "user" && b.Type == "tool_result":
			rd.ev.Result(b.ToolUseID, b.Content, b.IsError)
		case r.Type == "assistant" && b.Type == "tool_use" && !rd.seen[key]:
			rd.seen[key] = true
			rd.call(r, b)
		}
	}
}

// call adds a tool call, with the context size its response reported.
func (rd *reader) call(r rec, b block) {
	c := replayCall{tool: b.Name, input: b.Input, cwd: r.Cwd}
	if b.Name == "Bash" {
		var in toolInput
		if jsonx.Unmarshal(b.Input, &in) == nil {
			c.event = PhaseEvent(in.Command)
		}
	}
	if u := r.Message.Usage; u != nil {
		c.tok = u.Input + u.CacheCreation + u.CacheRead
	}
	if ts, err := time.Parse(time.RFC3339Nano, r.Timestamp); err == nil {
		c.t = ts.Unix()
	}
	rd.s.calls = append(rd.s.calls, c)
	rd.ev.Use(b.ID, b.Name, b.Input, r.Cwd)
}
