package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/relay"
	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
	"github.com/session-intelligence/session-intelligence/shared/testkit/fakeapi"
)

// noteLine is what the scripted model writes into the hand-over note.
const noteLine = "- open: wire the parser into main.go; next step: go test ./parser"

// relayWorld is a session whose fake model answers the relay's hand-over
// request by writing the note with the Write tool, and which logs the
// SessionStart and SessionEnd payloads Claude Code sends.
type relayWorld struct {
	*session
	mu       sync.Mutex
	sleep    string // a Bash command run before the Write, to keep the turn open
	note     string // what the model writes; "" = noteLine
	resumeAt int    // input tokens the "let's resume" reply reports; 0 = default
}

func newRelayWorld(t *testing.T, extra ...string) *relayWorld {
	t.Helper()
	w := &relayWorld{}
	env, api := cctest.NewFakeEnv(t, fakeapi.Options{Respond: w.respond})
	env.Extra = append(env.Extra, extra...)
	w.session = &session{env: env, api: api, sid: cctest.NewSessionID(),
		args: []string{"--plugin-dir", cctest.PluginDir(t), "--settings", lifecycleLogger(t, env.Home)}}
	return w
}

// lifecycleLogger writes settings whose SessionStart and SessionEnd
// hooks append their stdin to $HOME/lifecycle.jsonl.
func lifecycleLogger(t *testing.T, home string) string {
	t.Helper()
	hook := []any{map[string]any{"hooks": []any{map[string]any{"type": "command",
		"command": `cat >> "$HOME/lifecycle.jsonl"; echo >> "$HOME/lifecycle.jsonl"`}}}}
	data, _ := json.Marshal(map[string]any{"hooks": map[string]any{"SessionStart": hook, "SessionEnd": hook}})
	path := filepath.Join(home, "lifecycle-settings.json")
	must(t, os.WriteFile(path, data, 0o600))
	return path
}

// lifecycle is one logged SessionStart or SessionEnd payload.
type lifecycle struct {
	Event  string `json:"hook_event_name"`
	SID    string `json:"session_id"`
	Source string `json:"source"`
	Reason string `json:"reason"`
}

func (w *relayWorld) lifecycle(t *testing.T) []lifecycle {
	t.Helper()
	var out []lifecycle
	for _, line := range strings.Split(readFile(t, filepath.Join(w.env.Home, "lifecycle.jsonl")), "\n") {
		var l lifecycle
		if json.Unmarshal([]byte(line), &l) == nil {
			out = append(out, l)
		}
	}
	return out
}

func (w *relayWorld) notePath() string { return filepath.Join(w.env.Project, "state.md") }

// respond scripts the model's side of the relay: asked for the note, it
// runs the optional sleep, writes the note and answers "state.md
// updated"; the resume can report a chosen size. Everything else is the
// fake's default reply.
func (w *relayWorld) respond(r fakeapi.Request) (fakeapi.Reply, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if r.Prompt() == relay.ResumeText && w.resumeAt > 0 && len(toolResultsAfter(r, 0)) == 0 {
		return fakeapi.Reply{Text: "Resuming from the note.", InputTokens: w.resumeAt}, true
	}
	msgs := r.Messages()
	at := -1
	for i, m := range msgs {
		if strings.Contains(messageText(m), relay.HandoverMark) {
			at = i
		}
	}
	if at < 0 {
		return fakeapi.Reply{}, false
	}
	note := w.note
	if note == "" {
		note = noteLine + "\n"
	}
	steps := []*fakeapi.Directive{{Name: "Write", Input: map[string]any{"file_path": w.notePath(), "content": note}}}
	if w.sleep != "" {
		steps = append([]*fakeapi.Directive{{Name: "Bash", Input: map[string]any{"command": w.sleep, "description": "think"}}}, steps...)
	}
	done := len(toolResultsAfter(r, at))
	switch {
	case done < len(steps) && lastIsToolResultOrPrompt(msgs, at):
		return fakeapi.Reply{Text: "Writing the note.", Tool: steps[done]}, true
	case done == len(steps) && lastIsToolResultOrPrompt(msgs, at):
		return fakeapi.Reply{Text: "state.md updated"}, true
	}
	return fakeapi.Reply{}, false
}

// messageText is the text of a message's blocks, tool results included.
func messageText(m map[string]any) string {
	data, _ := json.Marshal(m["content"])
	return string(data)
}

// toolResultsAfter counts the tool_result blocks after message index at.
func toolResultsAfter(r fakeapi.Request, at int) []string {
	var out []string
	msgs := r.Messages()
	for _, m := range msgs[min(at+1, len(msgs)):] {
		blocks, _ := m["content"].([]any)
		for _, b := range blocks {
			if bm, ok := b.(map[string]any); ok && bm["type"] == "tool_result" {
				out = append(out, messageText(bm))
			}
		}
	}
	return out
}

// lastIsToolResultOrPrompt reports whether the model is to answer the
// hand-over now: nothing but system entries, tool calls and their
// results came after it.
func lastIsToolResultOrPrompt(msgs []map[string]any, at int) bool {
	for _, m := range msgs[at+1:] {
		if m["role"] == "assistant" && !strings.Contains(messageText(m), `"tool_use"`) {
			return false
		}
	}
	return true
}

// requestsWith returns the message requests whose latest prompt holds s.
func requestsWith(api *fakeapi.Server, s string) []fakeapi.Request {
	var out []fakeapi.Request
	for _, r := range api.MessageRequests() {
		if strings.Contains(r.Prompt(), s) {
			out = append(out, r)
		}
	}
	return out
}

// handovers counts the hand-overs the relay asked for.
func (w *relayWorld) handovers(t *testing.T) int {
	t.Helper()
	n := 0
	for _, e := range w.relayState(t).History {
		if e.Event == "handover" {
			n++
		}
	}
	return n
}

// relayState reads the project's relay state.
func (w *relayWorld) relayState(t *testing.T) *relay.State {
	t.Helper()
	st, err := relay.NewStore(filepath.Join(w.env.Home, ".claude", "session-intelligence")).Load(w.env.Project)
	if err != nil {
		t.Fatal(err)
	}
	return st
}
