package notes

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	git "github.com/go-git/go-git/v5"

	"github.com/session-intelligence/session-intelligence/shared/ai/search"
	"github.com/session-intelligence/session-intelligence/shared/testkit/gitread"
)

func newNotes(t testing.TB) *Notes {
	t.Helper()
	n, created, err := Create(filepath.Join(t.TempDir(), "notes"), func() time.Time { return t0 })
	if err != nil || !created {
		t.Fatalf("Create: %v, %v", created, err)
	}
	return n
}

func topic(t testing.TB, s string) Topic {
	t.Helper()
	tp, err := ParseTopic(s)
	if err != nil {
		t.Fatal(err)
	}
	return tp
}

func add(t testing.TB, n *Notes, tp, title, claim string) Note {
	t.Helper()
	note, err := n.Add(Draft{Topic: topic(t, tp), Title: title, Claim: claim})
	if err != nil {
		t.Fatal(err)
	}
	return note
}

// gitLog is the store's commit subjects, newest first.
func gitLog(t testing.TB, n *Notes) []string { return gitread.Subjects(t, n.Dir()) }

// cleanWorktree fails t unless the working files match HEAD (`git
// status --porcelain` says nothing).
func cleanWorktree(t testing.TB, n *Notes) {
	t.Helper()
	wt, err := openRepo(t, n).Worktree()
	if err != nil {
		t.Fatal(err)
	}
	if st, err := wt.Status(); err != nil || !st.IsClean() {
		t.Errorf("working files differ from HEAD: %v\n%s", err, st)
	}
}

func openRepo(t testing.TB, n *Notes) *git.Repository { return gitread.Open(t, n.Dir()) }

func mustMatch(t testing.TB, text string, patterns ...string) {
	t.Helper()
	for _, p := range patterns {
		if !regexp.MustCompile(p).MatchString(text) {
			t.Errorf("no match for %q in:\n%s", p, text)
		}
	}
}

// TestAddWritesOneFileOneCommit: a note is one Markdown file under its
// topic's directory, in a commit of its own; the tree, zoom, show and
// grep see it.
func TestAddWritesOneFileOneCommit(t *testing.T) {
	n := newNotes(t)
	a, err := n.Add(Draft{Topic: topic(t, "physics.qm"), Title: "Decoherence explains collapse",
		Confidence: "verified", Claim: "Interaction with the environment\nsuppresses interference."})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(n.Dir(), "physics", "qm", a.ID+".md"))
	if err != nil {
		t.Fatal(err)
	}
	want := "---\nid: " + a.ID + "\ntitle: \"Decoherence explains collapse\"\nconfidence: verified\ncreated: 2026-05-01T10:00:00Z\n---\n\nInteraction with the environment\nsuppresses interference.\n"
	if string(data) != want {
		t.Errorf("note file:\n%s\nwant:\n%s", data, want)
	}
	b := add(t, n, "physics", "Energy is conserved", "in closed systems")
	if log := gitLog(t, n); len(log) != 3 || !strings.HasPrefix(log[1], "Add "+a.ID+" to physics.qm: Decoherence") {
		t.Errorf("log: %q", log)
	}
	tree, err := n.Tree()
	if err != nil {
		t.Fatal(err)
	}
	mustMatch(t, tree.Text, `^# notes: 2 in 2 topics\.`, `(?m)^physics \(2 notes, 1 subtopic\): \(no summary yet\)$`)
	if !tree.Unsummarised {
		t.Error("tree without summaries does not ask for them")
	}
	z, err := n.Zoom(topic(t, "physics"))
	if err != nil {
		t.Fatal(err)
	}
	mustMatch(t, z.Text, `^# physics: 2 notes, 1 subtopic\.`, `(?m)^## subtopics\nphysics\.qm \(1 note\): \(no summary yet\)\n## notes\n`+b.ID+` Energy is conserved$`)
	s, err := n.Show(a.ID[:10])
	if err != nil {
		t.Fatal(err)
	}
	mustMatch(t, s.Text, `^# note `+a.ID+` in physics\.qm \(physics/qm/`+a.ID+`\.md\)\n---\n`, `(?m)^suppresses interference\.$`)
	g, err := n.Grep(mustPattern(t, `(?i)INTERFERENCE|energy`), search.NewBudget(nil))
	if err != nil {
		t.Fatal(err)
	}
	mustMatch(t, g.Text, `(?m)^physics `+b.ID+`: Energy is conserved$`, `(?m)^physics\.qm `+a.ID+`: suppresses interference\.$`, `(?m)^# 2 matches for `)
}

// TestReadErrors: what the reads refuse, and how they say it.
func TestReadErrors(t *testing.T) {
	n := newNotes(t)
	if v, err := n.Tree(); err != nil || !strings.HasPrefix(v.Text, "# notes: none yet.") {
		t.Errorf("empty tree: %q, %v", v.Text, err)
	}
	a := add(t, n, "x", "one", "one")
	cases := []struct {
		name   string
		run    func() error
		errHas string
	}{
		{"zoom missing", func() error { _, err := n.Zoom(topic(t, "nope")); return err }, "no such topic nope; the tree: ai notes"},
		{"show missing", func() error { _, err := n.Show("zzzzzzzzzzzz"); return err }, "no such note zzzzzzzzzzzz"},
		{"show short", func() error { _, err := n.Show("0c"); return err }, `bad note id "0c": an id is 12 characters`},
		{"show path", func() error { _, err := n.Show("../../etc/passwd"); return err }, "bad note id"},
		{"link self", func() error { _, err := n.Link(a.ID, a.ID[:5]); return err }, "cannot link note " + a.ID + " to itself"},
		{"link missing", func() error { _, err := n.Link(a.ID, "zzzzzzzzzzzz"); return err }, "no such note zzzzzzzzzzzz"},
		{"move into itself", func() error { _, err := n.Move("x", topic(t, "x.y")); return err }, "cannot move topic x into itself (x.y)"},
		{"move same", func() error { _, err := n.Move(a.ID, topic(t, "x")); return err }, "is already in x"},
		{"move missing topic", func() error { _, err := n.Move("nope", topic(t, "x")); return err }, "no such topic nope"},
		{"move trick", func() error { _, err := n.Move("../x", topic(t, "y")); return err }, `../x is neither a note id nor a topic: bad topic "../x"`},
		{"add to root", func() error { _, err := n.Add(Draft{Claim: "c", Title: "t"}); return err }, "a note is filed under a topic"},
	}
	for _, c := range cases {
		if err := c.run(); err == nil || !strings.Contains(err.Error(), c.errHas) {
			t.Errorf("%s: %v; want %q", c.name, err, c.errHas)
		}
	}
	if log := gitLog(t, n); len(log) != 2 {
		t.Errorf("a refused change committed: %q", log)
	}
}

// TestIDCollisionRetried: an id the topic already has is not reused;
// twenty in a row are an error, not an overwrite.
func TestIDCollisionRetried(t *testing.T) {
	n := newNotes(t)
	ids := []string{"000000000001", "000000000001", "000000000002"}
	n.newID = func(time.Time) string { id := ids[0]; ids = ids[1:]; return id }
	first, second := add(t, n, "x", "a", "a"), add(t, n, "x", "b", "b")
	if first.ID != "000000000001" || second.ID != "000000000002" {
		t.Fatalf("ids %s, %s", first.ID, second.ID)
	}
	n.newID = func(time.Time) string { return "000000000001" }
	if _, err := n.Add(Draft{Topic: topic(t, "x"), Title: "c", Claim: "c"}); err == nil || !strings.Contains(err.Error(), "could not make a new note id") {
		t.Fatalf("stuck id source: %v", err)
	}
	if data, _ := os.ReadFile(filepath.Join(n.Dir(), "x", "000000000001.md")); !strings.Contains(string(data), "\na\n") {
		t.Errorf("the first note was overwritten:\n%s", data)
	}
}
