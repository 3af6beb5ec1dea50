package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
	"github.com/session-intelligence/session-intelligence/shared/testkit/fakeapi"
)

// foldPromptStart opens every prompt `ai memory` sends to its summariser.
const foldPromptStart = "You keep the long-term memory of an AI agent."

// TestMemoryFoldWithRealClaude: `ai memory fold` runs the pinned claude
// CLI in print mode against the fake API. The fold prompts reach the
// model with no tools, the user's hooks do not run (a SessionStart hook
// that does run for a plain `claude -p` proves the check can fail), and
// the answers become the summaries in the view, a 1,200-character one
// cut to 512.
func TestMemoryFoldWithRealClaude(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("folded fact ", 100) // 1,200 characters
	env, api := cctest.NewFakeEnv(t, fakeapi.Options{Respond: func(r fakeapi.Request) (fakeapi.Reply, bool) {
		if strings.Contains(r.Prompt(), "its notes #2-3,") {
			return fakeapi.Reply{Text: long, InputTokens: 100, OutputTokens: 300}, true
		}
		return fakeapi.Reply{}, false
	}})
	marker := userHookControl(t, env)

	must(t, os.MkdirAll(filepath.Join(env.Home, ".ai"), 0o700))
	must(t, os.WriteFile(filepath.Join(env.Home, ".ai", "ai.toml"), []byte("[memory.view]\nlines = 2\n"), 0o600))
	ai := func(args ...string) string { return notesAI(t, env, args...) }
	ai("memory", "init")
	for _, n := range []string{"the deploy needs VPN", "tests run with make check", "release on Fridays", "staging is eu-west-1"} {
		ai("memory", "note", n)
	}
	out := ai("memory", "fold")
	if !strings.Contains(out, "folded #0-1") || !strings.Contains(out, "folded #2-3") {
		t.Fatalf("fold printed:\n%s", out)
	}
	var folds int
	for _, r := range api.MessageRequests() {
		if !strings.Contains(r.Prompt(), foldPromptStart) {
			continue
		}
		folds++
		if tools, _ := r.JSON["tools"].([]any); len(tools) > 0 {
			t.Errorf("the summariser was offered %d tools", len(tools))
		}
	}
	if folds != 2 {
		t.Errorf("%d fold requests reached the API, want 2", folds)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("the user's SessionStart hook ran inside the summariser")
	}
	view := ai("memory", "view")
	if !regexp.MustCompile(`(?m)^#0-1 \S+ FAKE-REPLY to: ` + regexp.QuoteMeta(foldPromptStart)).MatchString(view) {
		t.Errorf("the fake model's answer is not the summary of #0-1:\n%s", view)
	}
	m := regexp.MustCompile(`(?m)^#2-3 \S+ (.*)$`).FindStringSubmatch(view)
	if m == nil || !strings.HasPrefix(m[1], "folded fact folded fact") || !strings.HasSuffix(m[1], "…") {
		t.Fatalf("view:\n%s", view)
	}
	if n := utf8.RuneCountInString(m[1]); n > 512 {
		t.Errorf("stored summary has %d characters, limit 512", n)
	}
}
