package heal

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
)

func TestMain(m *testing.M) {
	code := m.Run()
	cctest.Cleanup()
	os.Exit(code)
}

// world is one scratch home with a project and a transcript.
type world struct {
	t          *testing.T
	home, proj string
	dirs       paths.Dirs
	transcript string
	plugin     string // CLAUDE_PLUGIN_ROOT: the built plugin, or an empty folder
	env        []string
}

const sid = "s1"

// hookDeadline is far past any hook's own budget: a run still going then
// hangs, which is the failure under test.
const hookDeadline = 20 * time.Second

func newWorld(t *testing.T) *world {
	t.Helper()
	base := t.TempDir()
	w := &world{t: t, home: filepath.Join(base, "home"), proj: filepath.Join(base, "proj")}
	for _, d := range []string{w.home, filepath.Join(w.proj, "src")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var err error
	if w.dirs, err = paths.Resolve(func(k string) string { return map[string]string{"HOME": w.home}[k] }); err != nil {
		t.Fatal(err)
	}
	w.transcript = filepath.Join(base, "t.jsonl")
	w.write(w.transcript, transcript)
	w.write(filepath.Join(w.proj, "src", "a.go"), "package src\n")
	// No learning from old transcripts in the background, no tips.
	w.write(filepath.Join(w.dirs.State, "learned"), "")
	w.write(filepath.Join(w.dirs.State, "tip-manual-compact"), "")
	w.plugin = filepath.Join(base, "no-plugin")
	// The status line draws fields that start no refresher in the
	// background (which would outlive the test).
	w.env = []string{"HOME=" + w.home, "PATH=" + os.Getenv("PATH"), "CLAUDE_INTEL_DEBUG=1", "NO_COLOR=1",
		"CLAUDE_STATUSLINE_FIELDS=tokens,cost,tools"}
	return w
}

func (w *world) write(path, content string) {
	w.t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		w.t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) session() string { return w.dirs.Session(sid) }

// run runs one binary of the plugin with stdin and fails the test unless
// it exits 0 by itself well before the deadline.
func (w *world) run(bin, stdin string, args ...string) string {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), hookDeadline)
	defer cancel()
	cmd := exec.CommandContext(ctx, cctest.Bin(w.t, bin), args...)
	cmd.Env = append(append([]string{}, w.env...), "CLAUDE_PLUGIN_ROOT="+w.plugin)
	cmd.Dir = w.proj
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	start := time.Now()
	err := cmd.Run()
	if ctx.Err() != nil {
		w.t.Fatalf("%s hung: killed after %v", bin, time.Since(start))
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) || err != nil {
		w.t.Fatalf("%s: %v\nstderr: %s", bin, err, errOut.String())
	}
	return out.String()
}

// payloads of the hooks, for session s1 in the project.
func (w *world) postToolUse() string {
	return `{"session_id":"` + sid + `","transcript_path":"` + w.transcript + `","cwd":"` + w.proj +
		`","hook_event_name":"PostToolUse","tool_name":"Read","tool_input":{"file_path":"` + w.proj +
		`/src/a.go"},"tool_response":"` + strings.Repeat("x", 5000) + `","tool_use_id":"toolu_1"}`
}

func (w *world) preCompact() string {
	return `{"session_id":"` + sid + `","transcript_path":"` + w.transcript + `","cwd":"` + w.proj +
		`","hook_event_name":"PreCompact","trigger":"manual","custom_instructions":null}`
}

func (w *world) postCompact() string {
	return `{"session_id":"` + sid + `","transcript_path":"` + w.transcript + `","cwd":"` + w.proj +
		`","hook_event_name":"PostCompact","trigger":"manual","compact_summary":"nothing of the rules"}`
}

func (w *world) userPrompt(prompt string) string {
	return `{"session_id":"` + sid + `","transcript_path":"` + w.transcript + `","cwd":"` + w.proj +
		`","hook_event_name":"UserPromptSubmit","prompt":"` + prompt + `"}`
}

func (w *world) sessionStart(source string) string {
	return `{"session_id":"` + sid + `","transcript_path":"` + w.transcript + `","cwd":"` + w.proj +
		`","hook_event_name":"SessionStart","source":"` + source + `"}`
}

func (w *world) statusLine() string {
	return `{"session_id":"` + sid + `","transcript_path":"` + w.transcript + `","cwd":"` + w.proj +
		`","model":{"id":"claude-opus-4-6","display_name":"Opus"},"workspace":{"current_dir":"` + w.proj +
		`"},"context_window":{"context_window_size":1000000,"current_usage":null}}`
}

// transcript is a short real-shaped session: one prompt, one answer
// with usage.
const transcript = `{"type":"user","sessionId":"s1","uuid":"u1","timestamp":"2026-11-01T09:00:00Z","message":{"role":"user","content":"read src/a.go"}}
{"type":"assistant","sessionId":"s1","uuid":"a1","parentUuid":"u1","timestamp":"2026-11-01T09:00:05Z","message":{"id":"msg_1","role":"assistant","model":"claude-opus-4-6","content":[{"type":"text","text":"ok"}],"usage":{"input_tokens":1200,"output_tokens":30,"cache_creation_input_tokens":0,"cache_read_input_tokens":0}}}
`
