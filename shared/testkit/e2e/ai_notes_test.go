package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/session-intelligence/session-intelligence/shared/ai/notes"
	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
	"github.com/session-intelligence/session-intelligence/shared/testkit/fakeapi"
)

// TestNotesSummariesWithRealClaude: `ai notes summarise` builds the
// topic summaries bottom up with the pinned claude CLI in print mode
// against the fake API. Each topic's prompt reaches the model with no
// tools, the parent's prompt holds its subtopic's summary, the user's
// hooks do not run (a SessionStart hook that does run for a plain
// `claude -p` proves the check can fail), and a 1,200-character answer
// is stored cut to 512 and shows in the tree and the zoom.
func TestNotesSummariesWithRealClaude(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("quantum fact ", 92) // 1,196 characters
	env, api := cctest.NewFakeEnv(t, fakeapi.Options{Respond: func(r fakeapi.Request) (fakeapi.Reply, bool) {
		if strings.Contains(r.Prompt(), "contents of topic physics.qm:") {
			return fakeapi.Reply{Text: long, InputTokens: 100, OutputTokens: 300}, true
		}
		return fakeapi.Reply{}, false
	}})
	marker := userHookControl(t, env)

	notesAI(t, env, "notes", "add", "physics.qm", "Interaction with the environment suppresses interference.", "--title", "Decoherence explains collapse")
	notesAI(t, env, "notes", "add", "physics", "Energy is conserved in a closed system.", "--confidence", "verified")
	out := notesAI(t, env, "notes", "summarise")
	if !strings.Contains(out, "summarised physics.qm\nsummarised physics\nsummarised 2 topics; every summary is current") {
		t.Fatalf("ai notes summarise printed:\n%s", out)
	}

	var prompts []string
	for _, r := range api.MessageRequests() {
		if !strings.HasPrefix(r.Prompt(), notes.PromptStart) {
			continue
		}
		prompts = append(prompts, r.Prompt())
		if tools, _ := r.JSON["tools"].([]any); len(tools) > 0 {
			t.Errorf("the summariser was offered %d tools", len(tools))
		}
	}
	if len(prompts) != 2 || !strings.Contains(prompts[0], "- Decoherence explains collapse: Interaction with the environment") {
		t.Fatalf("%d summary prompts reached the API:\n%s", len(prompts), strings.Join(prompts, "\n----\n"))
	}
	if !regexp.MustCompile(`(?m)^- physics\.qm \(1 notes\): quantum fact quantum fact .*…$`).MatchString(prompts[1]) ||
		!strings.Contains(prompts[1], "- [verified] Energy is conserved in a closed system: ") {
		t.Errorf("the parent's prompt lacks its subtopic's summary or its own note:\n%s", prompts[1])
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("the user's SessionStart hook ran inside the summariser")
	}

	tree := notesAI(t, env, "notes")
	if !regexp.MustCompile(`(?m)^physics \(2 notes, 1 subtopic\): FAKE-REPLY to: ` + regexp.QuoteMeta(notes.PromptStart)).MatchString(tree) {
		t.Errorf("the fake model's answer is not physics' summary in the tree:\n%s", tree)
	}
	zoom := notesAI(t, env, "notes", "zoom", "physics")
	m := regexp.MustCompile(`(?m)^physics\.qm \(1 note\): (.*)$`).FindStringSubmatch(zoom)
	if m == nil || !strings.HasPrefix(m[1], "quantum fact quantum fact") || !strings.HasSuffix(m[1], "…") {
		t.Fatalf("zoom:\n%s", zoom)
	}
	if n := utf8.RuneCountInString(m[1]); n > notes.SummaryChars {
		t.Errorf("stored summary has %d characters, limit %d", n, notes.SummaryChars)
	}
	stored, err := os.ReadFile(filepath.Join(env.Home, ".ai", "notes", "physics", "qm", notes.SummaryFile))
	must(t, err)
	if !strings.Contains(string(stored), "\n\n"+m[1]+"\n") {
		t.Errorf("TOPIC.md does not hold the summary the zoom shows:\n%s", stored)
	}
	if log, _ := os.ReadFile(filepath.Join(env.Home, ".ai", "notes.log")); !strings.Contains(string(log), "summarised physics.qm") {
		t.Errorf("the log beside the store lacks the build:\n%s", log)
	}
}

// TestNotesAddFromClaudeSession: in a Claude Code session with the
// plugin, the model files a note by running `ai notes add` through the
// Bash tool, found on the tool's PATH from the plugin's bin/ as the
// README promises. The note's file and its commit are in ~/.ai/notes,
// and the tool result the model gets back on the next request says where
// the note was filed.
func TestNotesAddFromClaudeSession(t *testing.T) {
	t.Parallel()
	s := newSession(t, "AI_NO_BACKGROUND=1")
	res := s.run(t, `[[bash: ai notes add physics.qm "Interaction with the environment suppresses interference." --title "Decoherence explains collapse" --confidence likely]]`)
	if !strings.Contains(res.Result, "FAKE-DONE:") {
		t.Fatalf("the session did not finish its tool call: %s", res.Stdout)
	}
	filed := regexp.MustCompile(`(?m)^filed ([0-9a-z]{12}) under physics\.qm$`)
	var id string
	for _, r := range s.api.MessageRequests() {
		for _, result := range toolResultTexts(r) {
			if m := filed.FindStringSubmatch(result); m != nil {
				id = m[1]
			}
		}
	}
	if id == "" {
		t.Fatalf("no tool result that reached the API carried `filed … under physics.qm`; result: %s", res.Result)
	}
	store := filepath.Join(s.env.Home, ".ai", "notes")
	note, err := os.ReadFile(filepath.Join(store, "physics", "qm", id+".md"))
	must(t, err)
	for _, want := range []string{"\nid: " + id + "\n", "\ntitle: \"Decoherence explains collapse\"\n", "\nconfidence: likely\n",
		"\n\nInteraction with the environment suppresses interference.\n"} {
		if !strings.Contains(string(note), want) {
			t.Errorf("the note's file lacks %q:\n%s", want, note)
		}
	}
	want := []string{"Create the notes", "Add " + id + " to physics.qm: Decoherence explains collapse"}
	if got := commits(t, store); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("commits in ~/.ai/notes: %q, want %q", got, want)
	}
}

// toolResultTexts is the text of every tool_result block in r's
// messages.
func toolResultTexts(r fakeapi.Request) []string {
	var out []string
	for _, m := range r.Messages() {
		blocks, _ := m["content"].([]any)
		for _, b := range blocks {
			block, _ := b.(map[string]any)
			if block["type"] != "tool_result" {
				continue
			}
			switch c := block["content"].(type) {
			case string:
				out = append(out, c)
			case []any:
				for _, part := range c {
					if p, _ := part.(map[string]any); p["type"] == "text" {
						text, _ := p["text"].(string)
						out = append(out, text)
					}
				}
			}
		}
	}
	return out
}
