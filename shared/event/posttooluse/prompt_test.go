package posttooluse

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// TestPromptJoinsTheContext: the transcript's latest response is at
// 130k in a 200k window (orange from 137k); a short prompt says nothing
// (and, the session not known to be past yellow, costs no transcript
// scan), a pasted 40k-character log takes the next request past orange
// and the advisory comes with it, before any tool call; then, in yellow
// or above, a short prompt is checked too.
func TestPromptJoinsTheContext(t *testing.T) {
	dir := t.TempDir()
	transcript := filepath.Join(dir, "t.jsonl")
	line := `{"type":"assistant","timestamp":"2026-12-01T10:00:00Z","requestId":"req_1","message":{"id":"msg_1","model":"claude-opus-4-6",` +
		`"usage":{"input_tokens":130000,"output_tokens":300},"content":[{"type":"text","text":"done"}]}}` + "\n"
	if err := os.WriteFile(transcript, []byte(line), 0o600); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"HOME": filepath.Join(dir, "home")}
	prompt := func(text string) string {
		payload := fmt.Sprintf(`{"session_id":"p","transcript_path":%q,"cwd":%q,"hook_event_name":"UserPromptSubmit","prompt":%q}`, transcript, dir, text)
		var out bytes.Buffer
		hookio.Main(hookio.UserPromptSubmit, proc.IO{Stdin: strings.NewReader(payload), Stdout: &out, Stderr: &bytes.Buffer{},
			Getenv: func(k string) string { return env[k] }, Now: time.Now}, Prompt)
		return out.String()
	}
	if got := prompt("fix the test"); got != "" {
		t.Errorf("a short prompt got %s", got)
	}
	if _, err := os.Stat(filepath.Join(env["HOME"], ".claude", "session-intelligence", "sessions", "p", "state.json")); err == nil {
		t.Error("a short prompt in a green session read the transcript and wrote the state")
	}
	got := prompt("here is the log:\n" + strings.Repeat("ERROR something failed at line 42\n", 1200))
	if !strings.Contains(got, `"hookEventName":"UserPromptSubmit"`) || !strings.Contains(got, "Drift zone — context at ~140k tokens") {
		t.Errorf("no orange advisory for the pasted log:\n%s", got)
	}
	// A task notification took the context to 158k: the next short prompt
	// sees it in the transcript's figure.
	line = `{"type":"assistant","timestamp":"2026-12-01T10:05:00Z","requestId":"req_2","message":{"id":"msg_2","model":"claude-opus-4-6",` +
		`"usage":{"input_tokens":158000,"output_tokens":300},"content":[{"type":"text","text":"the agent reported"}]}}` + "\n"
	f, err := os.OpenFile(transcript, os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(line)
	f.Close()
	if got := prompt("go on"); !strings.Contains(got, "High-risk zone") {
		t.Errorf("no red advisory after growth that was no tool result:\n%s", got)
	}
}
