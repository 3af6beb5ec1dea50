//go:build unix

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
)

// TestMalformedPayloadsNeverBreakTheSession: the real CLI runs our
// PostToolUse binary with broken payloads (empty, truncated, not an
// object, hostile session id, a directory, a FIFO, /dev/zero or a 2 GB
// sparse file as transcript) next to the
// plugin's own hook; the session finishes normally, nothing about the
// hook reaches the model, and each failure is one log line.
func TestMalformedPayloadsNeverBreakTheSession(t *testing.T) {
	t.Parallel()
	s := newSession(t)
	bin := cctest.Bin(t, "si-post-tool-use")
	fifo := filepath.Join(s.env.Home, "fifo.jsonl")
	must(t, syscall.Mkfifo(fifo, 0o600))
	sparse := filepath.Join(s.env.Home, "sparse.jsonl")
	must(t, os.WriteFile(sparse, nil, 0o600))
	must(t, os.Truncate(sparse, 2<<30))
	feeds := []string{
		`cat >/dev/null; "` + bin + `" </dev/null`,
		`cat >/dev/null; printf '{"session_id":"s","tool_inp' | "` + bin + `"`,
		`cat >/dev/null; printf '[1,2,3]' | "` + bin + `"`,
		`cat >/dev/null; printf '{"session_id":"../../../etc","transcript_path":"/","tool_name":"Bash"}' | "` + bin + `"`,
		`head -c 100 | "` + bin + `"`,
		// A FIFO, a device and a sparse 2 GB file as the transcript: refused
		// or read within the caps, never a hang.
		`cat >/dev/null; printf '{"session_id":"f","transcript_path":"` + fifo + `","tool_name":"Bash"}' | "` + bin + `"`,
		`cat >/dev/null; printf '{"session_id":"z","transcript_path":"/dev/zero","tool_name":"Bash"}' | "` + bin + `"`,
		`cat >/dev/null; printf '{"session_id":"g","transcript_path":"` + sparse + `","tool_name":"Bash"}' | "` + bin + `"`,
	}
	var hooks []map[string]any
	for _, f := range feeds {
		hooks = append(hooks, map[string]any{"type": "command", "command": f})
	}
	settings, _ := json.Marshal(map[string]any{"hooks": map[string]any{
		"PostToolUse": []any{map[string]any{"matcher": "*", "hooks": hooks}},
	}})
	path := filepath.Join(s.env.Home, "broken-hooks.json")
	if err := os.WriteFile(path, settings, 0o600); err != nil {
		t.Fatal(err)
	}
	res := s.run(t, "go [[bash: echo one]] [[bash: echo two]]", "--settings", path)
	if res.Result != "FAKE-DONE: two" || res.NumTurns != 3 {
		t.Fatalf("session disturbed: result %q, %d turns", res.Result, res.NumTurns)
	}
	for i, r := range s.api.MessageRequests() {
		for _, bad := range []string{"hook error", "blocking error", "si-post-tool-use"} {
			if r.Contains(bad) {
				t.Errorf("request %d mentions %q", i+1, bad)
			}
		}
	}
	log := s.logText(t)
	for _, want := range []string{"empty payload", "decode payload", "not a JSON object"} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks a line for %q:\n%s", want, log)
		}
	}
	if _, err := os.Stat(filepath.Join(s.env.Home, ".claude", "etc")); err == nil {
		t.Error("a hostile session id escaped the state directory")
	}
	readFile(t, filepath.Join(s.stateDir(), "state.json")) // the plugin's own hook still worked
}

// TestPromptAndEndHooksFailOpen: the UserPromptSubmit and SessionEnd
// binaries fed broken payloads by the real CLI (empty, truncated, not an
// object, a hostile session id with a YES prompt) leave the prompt and
// the session's end untouched: the model gets the prompt as typed,
// nothing about the hooks reaches it, nothing escapes the state
// directory, and each failure is a log line naming its hook.
func TestPromptAndEndHooksFailOpen(t *testing.T) {
	t.Parallel()
	s := newSession(t)
	feeds := func(bin string) []any {
		var hooks []any
		for _, f := range []string{
			`cat >/dev/null; "` + bin + `" </dev/null`,
			`cat >/dev/null; printf '{"session_id":"s","prom' | "` + bin + `"`,
			`cat >/dev/null; printf '"text"' | "` + bin + `"`,
			`cat >/dev/null; printf '{"session_id":"../../../escaped","prompt":"YES","reason":"clear"}' | "` + bin + `"`,
		} {
			hooks = append(hooks, map[string]any{"type": "command", "command": f})
		}
		return []any{map[string]any{"hooks": hooks}}
	}
	settings, _ := json.Marshal(map[string]any{"hooks": map[string]any{
		"UserPromptSubmit": feeds(cctest.Bin(t, "si-user-prompt-submit")),
		"SessionEnd":       feeds(cctest.Bin(t, "si-session-end")),
	}})
	path := filepath.Join(s.env.Home, "broken-hooks.json")
	must(t, os.WriteFile(path, settings, 0o600))
	res := s.run(t, "plain words", "--settings", path)
	if res.Result != "FAKE-REPLY to: plain words" {
		t.Fatalf("session disturbed: result %q", res.Result)
	}
	for i, r := range s.api.MessageRequests() {
		for _, bad := range []string{"hook error", "blocking error", "si-user-prompt-submit", "si-session-end"} {
			if r.Contains(bad) {
				t.Errorf("request %d mentions %q", i+1, bad)
			}
		}
	}
	log := s.logText(t)
	for _, want := range []string{"user-prompt-subm", "session-end", "empty payload", "decode payload", "not a JSON object"} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	for _, esc := range []string{filepath.Join(s.env.Home, ".claude", "escaped"), filepath.Join(s.env.Home, "escaped")} {
		if _, err := os.Stat(esc); err == nil {
			t.Errorf("a hostile session id escaped the state directory: %s", esc)
		}
	}
}
