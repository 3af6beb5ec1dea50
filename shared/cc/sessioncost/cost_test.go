package sessioncost

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/cc/pricing"
	"github.com/session-intelligence/session-intelligence/shared/cc/transcript"
)

// rec is one assistant record of model with input and output tokens.
func rec(id, model string, in, out int64) string {
	return fmt.Sprintf(`{"type":"assistant","requestId":"r%s","timestamp":"2026-12-05T10:00:00Z","message":{"id":"m%s","model":%q,"content":[],"usage":{"input_tokens":%d,"output_tokens":%d}}}`+"\n",
		id, id, model, in, out)
}

// session writes a main transcript and subagent transcripts; it returns
// the main path and the cache directory.
func session(t *testing.T, main string, subs map[string]string) (string, string) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "proj", "sid.jsonl")
	write(t, path, main)
	for name, text := range subs {
		write(t, filepath.Join(SubagentDir(path), name), text)
	}
	return path, filepath.Join(dir, "cache")
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

func figure(t *testing.T, path, cache string) Figure {
	t.Helper()
	s, err := transcript.Scan(path, cache)
	if err != nil {
		t.Fatal(err)
	}
	return Session(s, path, cache, pricing.Default())
}

// Sonnet 4.5 lists $3 in, $15 out per million tokens.
const sonnet = "claude-sonnet-4-5"

func TestSessionCountsSubagents(t *testing.T) {
	tests := []struct {
		name string
		subs map[string]string
		want string
	}{
		{"no subagents", nil, "$0.30"},
		{"two subagents", map[string]string{"agent-a.jsonl": rec("2", sonnet, 100_000, 0), "agent-b.jsonl": rec("3", sonnet, 0, 10_000)}, "$0.75"},
		{"torn last line waits for its end", map[string]string{"agent-a.jsonl": rec("2", sonnet, 100_000, 0) + `{"type":"assistant","message":{"id":"m9","usage":{"input_tok`}, "$0.60"},
		{"not JSON", map[string]string{"agent-a.jsonl": "\x00\xff garbage\n"}, "$0.30"},
		{"empty", map[string]string{"agent-a.jsonl": ""}, "$0.30"},
		{"other files ignored", map[string]string{"notes.txt": rec("2", sonnet, 100_000, 0)}, "$0.30"},
		{"unpriced model is an estimate", map[string]string{"agent-a.jsonl": rec("2", "claude-sonnet-9-future", 100_000, 0)}, "~$0.60"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path, cache := session(t, rec("1", sonnet, 100_000, 0), tt.subs)
			if got := figure(t, path, cache).String(); got != tt.want {
				t.Errorf("Session() = %q, want %q", got, tt.want)
			}
			if got := figure(t, path, cache).String(); got != tt.want { // from the cache
				t.Errorf("Session() again = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestSubagentGrowsAndVanishes: a running subagent's new lines count at
// the next read; a transcript that is removed stops counting; a
// subagent folder that is a file counts nothing.
func TestSubagentGrowsAndVanishes(t *testing.T) {
	path, cache := session(t, rec("1", sonnet, 100_000, 0), map[string]string{"agent-a.jsonl": rec("2", sonnet, 100_000, 0)})
	sub := filepath.Join(SubagentDir(path), "agent-a.jsonl")
	if got := figure(t, path, cache).String(); got != "$0.60" {
		t.Fatalf("first = %q", got)
	}
	f, err := os.OpenFile(sub, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = f.WriteString(rec("3", sonnet, 100_000, 0))
	f.Close()
	if got := figure(t, path, cache).String(); got != "$0.90" {
		t.Errorf("after the subagent wrote more = %q, want $0.90", got)
	}
	if err := os.Remove(sub); err != nil {
		t.Fatal(err)
	}
	if got := figure(t, path, cache).String(); got != "$0.30" {
		t.Errorf("after the subagent transcript vanished = %q, want $0.30", got)
	}
	if err := os.RemoveAll(SubagentDir(path)); err != nil {
		t.Fatal(err)
	}
	write(t, SubagentDir(path), "a file")
	if got := figure(t, path, cache).String(); got != "$0.30" {
		t.Errorf("subagents is a file = %q, want $0.30", got)
	}
}

// TestHugeSubagent: a subagent transcript past the reader's line cap
// counts its readable records and never fails the figure.
func TestHugeSubagent(t *testing.T) {
	huge := `{"type":"user","message":{"content":"` + strings.Repeat("x", transcript.MaxLine+1024) + `"}}` + "\n" + rec("2", sonnet, 100_000, 0)
	path, cache := session(t, rec("1", sonnet, 100_000, 0), map[string]string{"agent-a.jsonl": huge})
	if got := figure(t, path, cache).String(); got != "$0.60" {
		t.Errorf("huge subagent = %q, want $0.60", got)
	}
}

func TestFigureString(t *testing.T) {
	tests := []struct {
		f    Figure
		want string
	}{
		{Figure{}, ""},
		{Figure{Known: true}, "$0.00"},
		{Figure{Known: true, USD: 28.13}, "$28.1"},
		{Figure{Known: true, USD: 9.28, Unpriced: []string{"x"}}, "~$9.28"},
	}
	for _, tt := range tests {
		if got := tt.f.String(); got != tt.want {
			t.Errorf("%+v.String() = %q, want %q", tt.f, got, tt.want)
		}
	}
}
