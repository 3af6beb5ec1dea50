package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHookCrashNeverBlocks: every hook binary dies the way Go programs
// really die (a fatal stack overflow, a fatal concurrent map write, a
// panic in a goroutine: exit status 2, which Claude Code reads as a
// block), and the real CLI still takes the prompt, runs the tool, ends
// the turn, compacts and resumes; no stack trace reaches the model, and
// each death is one debug log line saying so.
func TestHookCrashNeverBlocks(t *testing.T) {
	for _, kind := range []string{"stack", "mapwrite", "goroutine"} {
		t.Run(kind, func(t *testing.T) {
			s := newSession(t, "SI_TESTONLY_CRASH="+kind)
			res := s.run(t, "go [[bash: echo one]]")
			if res.Result != "FAKE-DONE: one" || res.NumTurns != 2 {
				t.Fatalf("turn disturbed: result %q, %d turns", res.Result, res.NumTurns)
			}
			s.resume(t, "/compact keep X")
			summarised := false
			for _, r := range s.api.MessageRequests() {
				summarised = summarised || r.Contains("keep X")
			}
			if !summarised {
				t.Fatal("/compact was refused: no summarisation request reached the fake API")
			}
			after := s.resume(t, "carry on")
			if !strings.Contains(after.Result, "carry on") {
				t.Fatalf("prompt after the compaction: %q", after.Result)
			}
			for i, r := range s.api.MessageRequests() {
				for _, bad := range []string{"blocking error", "hook error", "fatal error", "goroutine ", "runtime."} {
					if r.Contains(bad) {
						t.Errorf("request %d carries %q", i+1, bad)
					}
				}
			}
			log := s.logText(t)
			for _, event := range []string{"SessionStart", "UserPromptSubmit", "PostToolUse", "Stop", "PreCompact", "SessionEnd"} {
				if !strings.Contains(log, event+" hook died (exit status 2)") {
					t.Errorf("no crash line from %s in the log:\n%s", event, log)
				}
			}
			want := map[string]string{"stack": "fatal error: stack overflow", "mapwrite": "fatal error: concurrent map access",
				"goroutine": "panic: test-only crash in a goroutine"}[kind]
			if !strings.Contains(log, want) {
				t.Errorf("log lacks the crash reason %q:\n%s", want, log)
			}
			files, _ := filepath.Glob(filepath.Join(s.env.Home, ".claude", "logs", "crash-*.txt"))
			for _, f := range files {
				if fi, err := os.Stat(f); err == nil && fi.Size() > 64<<10 {
					t.Errorf("%s kept %d bytes of crash reports", f, fi.Size())
				}
			}
		})
	}
}
