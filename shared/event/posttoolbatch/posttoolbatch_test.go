package posttoolbatch

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// world is a transcript whose latest response, at 120k tokens in a 200k
// window (auto-compaction at 167k, orange from 137k), asked for three
// parallel Reads; run runs the hook on a batch of their results.
type world struct {
	dir, transcript string
	env             map[string]string
}

func newWorld(t *testing.T) *world {
	t.Helper()
	w := &world{dir: t.TempDir()}
	w.transcript = filepath.Join(w.dir, "t.jsonl")
	w.env = map[string]string{"HOME": filepath.Join(w.dir, "home")}
	line := `{"type":"assistant","timestamp":"2026-12-01T10:00:00Z","requestId":"req_1","message":{"id":"msg_1","model":"claude-opus-4-6",` +
		`"usage":{"input_tokens":120000,"output_tokens":300},"content":[` +
		`{"type":"tool_use","id":"toolu_a","name":"Read","input":{}},{"type":"tool_use","id":"toolu_b","name":"Read","input":{}},{"type":"tool_use","id":"toolu_c","name":"Read","input":{}}]}}` + "\n"
	if err := os.WriteFile(w.transcript, []byte(line), 0o600); err != nil {
		t.Fatal(err)
	}
	return w
}

func (w *world) run(t *testing.T, results ...string) string {
	t.Helper()
	type call struct {
		Name     string           `json:"tool_name"`
		Input    jsonx.RawMessage `json:"tool_input"`
		ID       string           `json:"tool_use_id"`
		Response jsonx.RawMessage `json:"tool_response"`
	}
	var calls []call
	for i, r := range results {
		calls = append(calls, call{Name: "Read", Input: jsonx.RawMessage(fmt.Sprintf(`{"file_path":"/p/%d.go"}`, i)),
			ID: fmt.Sprintf("toolu_%c", 'a'+i), Response: jsonx.RawMessage(r)})
	}
	list, _ := jsonx.Marshal(calls)
	payload := fmt.Sprintf(`{"session_id":"batch","transcript_path":%q,"cwd":%q,"hook_event_name":"PostToolBatch","tool_calls":%s}`, w.transcript, w.dir, list)
	var out bytes.Buffer
	code := hookio.Main(hookio.PostToolBatch, proc.IO{Stdin: strings.NewReader(payload), Stdout: &out, Stderr: &bytes.Buffer{},
		Getenv: func(k string) string { return w.env[k] }, Now: time.Now}, Handle)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	return out.String()
}

// text is a tool_result content of n characters, as a JSON string.
func text(n int) string { return `"` + strings.Repeat("x", n) + `"` }

// TestBatchJudgedAsAWhole: the transcript shows 120k, but the three
// results bring the next request to about 148k, past where orange starts:
// the advisory goes out now, before the session's 50th call (within
// reach of the compaction point, the gate holds nothing).
func TestBatchJudgedAsAWhole(t *testing.T) {
	w := newWorld(t)
	got := w.run(t, text(20_000), text(50_000), text(40_000))
	if !strings.Contains(got, `"hookEventName":"PostToolBatch"`) || !strings.Contains(got, "Drift zone — context at ~148k tokens") {
		t.Errorf("no orange advisory for the batch:\n%s", got)
	}
	if again := w.run(t, text(1000)); again != "" {
		t.Errorf("a small batch after it said %s", again)
	}
}

// TestBatchSmallAndImages: results far from orange say nothing, and an
// image counts what the model pays for it, not its base64 bytes.
func TestBatchSmallAndImages(t *testing.T) {
	w := newWorld(t)
	image := `[{"type":"image","source":{"type":"base64","media_type":"image/png","data":"` + strings.Repeat("A", 2_000_000) + `"}}]`
	if got := w.run(t, text(4000), image); got != "" {
		t.Errorf("advisory for a small batch with an image:\n%s", got)
	}
}

// TestBatchBadInput: no calls, or a payload without a session, is no
// output and exit 0.
func TestBatchBadInput(t *testing.T) {
	w := newWorld(t)
	for _, payload := range []string{`{"session_id":"batch","tool_calls":[]}`, `{"tool_calls":[{"tool_response":"x"}]}`, `{"session_id":"batch","tool_calls":"nope"}`} {
		var out bytes.Buffer
		code := hookio.Main(hookio.PostToolBatch, proc.IO{Stdin: strings.NewReader(payload), Stdout: &out, Stderr: &bytes.Buffer{},
			Getenv: func(k string) string { return w.env[k] }, Now: time.Now}, Handle)
		if code != 0 || out.Len() != 0 {
			t.Errorf("%s: exit %d, output %q", payload, code, out.String())
		}
	}
}
