package hookio

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// runMain runs Main with a scratch HOME and returns code, stdout, stderr
// and the debug log.
func runMain(t *testing.T, event Event, stdin string, h Handler) (int, string, string, string) {
	t.Helper()
	home := t.TempDir()
	env := map[string]string{"HOME": home}
	var out, errOut bytes.Buffer
	code := Main(event, proc.IO{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut,
		Getenv: func(k string) string { return env[k] }, Now: time.Now}, h)
	logs, _ := filepath.Glob(filepath.Join(home, ".claude", "logs", "*.log"))
	var log string
	for _, f := range logs {
		b, _ := os.ReadFile(f)
		log += string(b)
	}
	return code, out.String(), errOut.String(), log
}

func TestMainFailsOpen(t *testing.T) {
	called := false
	ok := func(rt *Runtime, in *Input) (Result, error) { called = true; return Result{Context: "ctx"}, nil }
	tests := []struct {
		name    string
		stdin   string
		h       Handler
		wantLog string
	}{
		{"empty stdin", "", ok, "empty payload"},
		{"truncated json", `{"session_id":"s","tool_na`, ok, "bad input"},
		{"handler error", `{"session_id":"s"}`, func(*Runtime, *Input) (Result, error) { return Result{Context: "x"}, errors.New("disk full") }, "disk full"},
		{"handler panic", `{"session_id":"s"}`, func(*Runtime, *Input) (Result, error) { panic("boom") }, "panic: boom"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			called = false
			code, out, errOut, log := runMain(t, PostToolUse, tt.stdin, tt.h)
			if code != 0 || out != "" || errOut != "" {
				t.Errorf("Main = %d %q %q, want 0 and no output", code, out, errOut)
			}
			if !strings.Contains(log, tt.wantLog) {
				t.Errorf("log lacks %q:\n%s", tt.wantLog, log)
			}
			if called && tt.stdin == "" {
				t.Error("handler ran on empty stdin")
			}
		})
	}
}

func TestMainRuntime(t *testing.T) {
	var got *Runtime
	h := func(rt *Runtime, in *Input) (Result, error) { got = rt; return Result{Context: "ctx"}, nil }
	code, out, _, _ := runMain(t, PostToolUse, `{"session_id":"../../x","cwd":"/p"}`, h)
	if code != 0 || !strings.Contains(out, `"additionalContext":"ctx"`) {
		t.Fatalf("Main = %d %q", code, out)
	}
	if strings.ContainsAny(got.SID, "./") || !strings.HasPrefix(got.SID, "x-") {
		t.Errorf("SID = %q, want a sanitised id", got.SID)
	}
	if got.Config.Compact.Threshold != 50 {
		t.Errorf("default config not loaded: threshold %d", got.Config.Compact.Threshold)
	}
}

func TestSource(t *testing.T) {
	for ev, want := range map[Event]string{PostToolUse: "post-tool-use", SessionStart: "session-start", Stop: "stop", PreCompact: "pre-compact"} {
		if got := source(ev); got != want {
			t.Errorf("source(%s) = %q, want %q", ev, got, want)
		}
	}
}

// TestMainForeignState: with the state root owned by another user the
// handler never runs, Claude Code sees nothing and the log has one line.
func TestMainForeignState(t *testing.T) {
	home := t.TempDir()
	state := filepath.Join(home, ".claude", "session-intelligence")
	if err := os.MkdirAll(state, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Lchown(state, 65534, 65534); err != nil || os.Geteuid() == 65534 {
		t.Skip("cannot give a directory to another user:", err)
	}
	called := false
	h := func(*Runtime, *Input) (Result, error) { called = true; return Result{Context: "ctx"}, nil }
	var out, errOut bytes.Buffer
	code := Main(PostToolUse, proc.IO{Stdin: strings.NewReader(`{"session_id":"s"}`), Stdout: &out, Stderr: &errOut,
		Getenv: func(k string) string { return map[string]string{"HOME": home}[k] }, Now: time.Now}, h)
	if code != 0 || called || out.Len()+errOut.Len() > 0 {
		t.Errorf("Main = %d, handler ran %v, output %q %q; want 0, nothing run or printed", code, called, out.String(), errOut.String())
	}
	logs, _ := filepath.Glob(filepath.Join(home, ".claude", "logs", "*.log"))
	var log string
	for _, f := range logs {
		b, _ := os.ReadFile(f)
		log += string(b)
	}
	if strings.Count(log, "\n") != 1 || !strings.Contains(log, "owned by another user") {
		t.Errorf("log = %q, want one line naming the refusal", log)
	}
}
