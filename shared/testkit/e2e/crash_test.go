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
	t.Parallel()
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
			for _, event := range []string{"SessionStart", "UserPromptSubmit", "PostToolUse", "Stop", "PreCompact", "PostCompact", "SessionEnd"} {
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

// TestNullThinkingTokensInTranscript: a transcript holds a usage record
// with "output_tokens_details":{"thinking_tokens":null} (2.1.332 writes 0
// there, but other versions and tools write the same file, and a torn
// write can leave anything), and every hook that reads the transcript
// keeps working with the real CLI: the next tool call gets its shape
// entry and a measured token count, the prompt, /compact and the resume
// go through, and no hook dies. That line once sent the transcript
// scanner into endless recursion (exit 2) on every later call.
func TestNullThinkingTokensInTranscript(t *testing.T) {
	t.Parallel()
	s := newSession(t)
	must(t, os.MkdirAll(filepath.Join(s.env.Project, "src"), 0o755))
	must(t, os.WriteFile(filepath.Join(s.env.Project, "src", "a.go"), []byte("package a\n"), 0o644))
	s.run(t, "hello")
	transcripts, _ := filepath.Glob(filepath.Join(s.env.Home, ".claude", "projects", "*", s.sid+".jsonl"))
	if len(transcripts) != 1 {
		t.Fatalf("transcripts: %v", transcripts)
	}
	data := readFile(t, transcripts[0])
	var usageLine string
	for _, line := range strings.Split(data, "\n") {
		if strings.Contains(line, `"thinking_tokens":0`) && strings.Contains(line, `"type":"assistant"`) {
			usageLine = line
		}
	}
	if usageLine == "" {
		t.Fatal("no assistant record with thinking_tokens in the transcript")
	}
	bad := strings.NewReplacer(`"thinking_tokens":0`, `"thinking_tokens":null`, `"id":"msg_`, `"id":"msg_null`).Replace(usageLine)
	f, err := os.OpenFile(transcripts[0], os.O_APPEND|os.O_WRONLY, 0)
	must(t, err)
	_, err = f.WriteString(bad + "\n")
	must(t, err)
	must(t, f.Close())
	res := s.resume(t, `go [[tool: Read {"file_path":"`+filepath.Join(s.env.Project, "src", "a.go")+`"}]] [[bash: echo two]]`)
	if res.Result != "FAKE-DONE: two" {
		t.Fatalf("turn disturbed: %q", res.Result)
	}
	s.resume(t, "/compact")
	s.resume(t, "carry on")
	if log := s.logText(t); strings.Contains(log, "hook died") || strings.Contains(log, "failed open") {
		t.Errorf("a hook failed on the null line:\n%s", log)
	}
	st := readFile(t, filepath.Join(s.stateDir(), "state.json"))
	if !strings.Contains(st, `"tokenSource":"transcript"`) {
		t.Errorf("PostToolUse did not measure from the transcript: %s", st)
	}
	if shape := readFile(t, filepath.Join(s.stateDir(), "shape.jsonl")); !strings.Contains(shape, `"root":"src"`) {
		t.Errorf("no shape entry for the read: %s", shape)
	}
}
