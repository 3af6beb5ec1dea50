package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/ai/notes"
	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
	"github.com/session-intelligence/session-intelligence/shared/testkit/fakeapi"
)

// TestNotesParentRebuiltWithRealClaude: a note filed in physics.qm
// makes physics stale too, although the pinned claude, run as the
// summariser against the fake API, answers physics.qm's new summary
// with the very text of its old one; the tree says so, ai notes
// summarise rebuilds both, the parent's prompt counts the subtopic's
// notes as they are, and then the tree and the summarise agree that
// all is current.
func TestNotesParentRebuiltWithRealClaude(t *testing.T) {
	t.Parallel()
	env, api := cctest.NewFakeEnv(t, fakeapi.Options{})
	notesAI(t, env, "notes", "add", "physics.qm", "Interaction with the environment suppresses interference.")
	notesAI(t, env, "notes", "add", "physics", "Energy is conserved in a closed system.")
	notesAI(t, env, "notes", "summarise")
	summary := filepath.Join(env.Home, ".ai", "notes", "physics", "qm", notes.SummaryFile)
	old, err := os.ReadFile(summary)
	must(t, err)

	notesAI(t, env, "notes", "add", "physics.qm", "Measurement picks one outcome.")
	if tree := notesAI(t, env, "notes"); !strings.Contains(tree, "physics (3 notes, 1 subtopic): FAKE-REPLY") || !strings.Contains(tree, "(stale)") {
		t.Fatalf("the tree does not mark physics stale:\n%s", tree)
	}
	out := notesAI(t, env, "notes", "summarise")
	if !strings.Contains(out, "summarised physics.qm\nsummarised physics\nsummarised 2 topics; every summary is current") {
		t.Fatalf("ai notes summarise printed:\n%s", out)
	}
	now, err := os.ReadFile(summary)
	must(t, err)
	if summaryText(old) != summaryText(now) {
		t.Fatalf("the fake model answered a new text, so this proves nothing:\n%s\n%s", old, now)
	}
	var last string
	for _, r := range api.MessageRequests() {
		if strings.Contains(r.Prompt(), "contents of topic physics:") {
			last = r.Prompt()
		}
	}
	if !strings.Contains(last, "- physics.qm (2 notes): FAKE-REPLY") {
		t.Errorf("physics' last prompt does not count physics.qm's notes as they are:\n%s", last)
	}
	top, err := os.ReadFile(filepath.Join(env.Home, ".ai", "notes", "physics", notes.SummaryFile))
	must(t, err)
	if !strings.Contains(string(top), "\nnotes: 3\n") {
		t.Errorf("physics' summary does not count 3 notes:\n%s", top)
	}
	if tree := notesAI(t, env, "notes"); strings.Contains(tree, "stale") || strings.Contains(tree, "summaries missing") {
		t.Errorf("the tree after summarise:\n%s", tree)
	}
	if again := notesAI(t, env, "notes", "summarise"); !strings.Contains(again, "summarised 0 topics; every summary is current") {
		t.Errorf("a second summarise: %s", again)
	}
}

// summaryText is a TOPIC.md's summary, after its front matter.
func summaryText(summary []byte) string {
	_, rest, _ := strings.Cut(string(summary), "\n---\n")
	return strings.TrimSpace(rest)
}
