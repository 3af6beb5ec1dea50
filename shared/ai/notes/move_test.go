package notes

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func exists(t *testing.T, n *Notes, p string) bool {
	t.Helper()
	_, err := os.Stat(filepath.Join(n.Dir(), filepath.FromSlash(p)))
	return err == nil
}

// TestMoveNote: a note changes directory in one commit; the topic it
// leaves empty goes, summary and all.
func TestMoveNote(t *testing.T) {
	n := newNotes(t)
	a := add(t, n, "old.sub", "a", "a")
	writeSummary(t, n, "old.sub", "stale words")
	writeSummary(t, n, "old", "old words")
	m, err := n.Move(a.ID, topic(t, "new.place"))
	if err != nil {
		t.Fatal(err)
	}
	if m.Note != a.ID || m.From.String() != "old.sub" || m.To.String() != "new.place" {
		t.Errorf("Move = %+v", m)
	}
	if !exists(t, n, "new/place/"+a.ID+".md") || exists(t, n, "old") {
		t.Errorf("after the move: new note %v, old topic %v", exists(t, n, "new/place/"+a.ID+".md"), exists(t, n, "old"))
	}
	if log := gitLog(t, n); !strings.HasPrefix(log[0], "Move "+a.ID+" from old.sub to new.place") {
		t.Errorf("log: %q", log)
	}
}

// TestMoveTopic: a topic moves with everything below it, keeping its
// summaries; into an existing topic it merges, the target's summary
// winning; the parent it leaves keeps its other notes.
func TestMoveTopic(t *testing.T) {
	n := newNotes(t)
	keep := add(t, n, "science", "stays", "stays")
	a := add(t, n, "science.qm", "a", "a")
	b := add(t, n, "science.qm.deco", "b", "b")
	c := add(t, n, "physics.qm", "c", "c")
	writeSummary(t, n, "science.qm", "moved words")
	writeSummary(t, n, "science.qm.deco", "deco words")
	writeSummary(t, n, "physics.qm", "target words")
	m, err := n.Move("science.qm", topic(t, "physics.qm"))
	if err != nil {
		t.Fatal(err)
	}
	if m.Note != "" || m.Files != 4 {
		t.Errorf("Move = %+v", m)
	}
	for _, p := range []string{"physics/qm/" + a.ID + ".md", "physics/qm/deco/" + b.ID + ".md", "physics/qm/" + c.ID + ".md", "science/" + keep.ID + ".md"} {
		if !exists(t, n, p) {
			t.Errorf("%s is missing", p)
		}
	}
	if exists(t, n, "science/qm") {
		t.Error("science/qm is still there")
	}
	s, _, _ := n.readSummary(topic(t, "physics.qm"))
	d, _, _ := n.readSummary(topic(t, "physics.qm.deco"))
	if s.Text != "target words" || d.Text != "deco words" || d.Topic.String() != "physics.qm.deco" {
		t.Errorf("summaries after the move: %+v / %+v", s, d)
	}
	data, _ := os.ReadFile(filepath.Join(n.Dir(), "physics", "qm", "deco", SummaryFile))
	if strings.Contains(string(data), "science") {
		t.Errorf("moved summary still names its old topic:\n%s", data)
	}
}

// TestLinkBothWays: each note names the other; linking again changes
// nothing; show lists the linked note's title.
func TestLinkBothWays(t *testing.T) {
	n := newNotes(t)
	a, b := add(t, n, "x", "first", "a"), add(t, n, "y.z", "second", "b")
	res, err := n.Link(a.ID, b.ID)
	if err != nil || res.Already {
		t.Fatalf("Link: %+v, %v", res, err)
	}
	for _, p := range []struct{ path, other string }{{"x/" + a.ID + ".md", b.ID}, {"y/z/" + b.ID + ".md", a.ID}} {
		data, _ := os.ReadFile(filepath.Join(n.Dir(), filepath.FromSlash(p.path)))
		note, err := ParseNote(p.path, data)
		if err != nil || !slices.Equal(note.Links, []string{p.other}) {
			t.Errorf("%s links %v, %v", p.path, note.Links, err)
		}
	}
	before := len(gitLog(t, n))
	if res, err := n.Link(b.ID, a.ID); err != nil || !res.Already {
		t.Errorf("second Link: %+v, %v", res, err)
	}
	if after := len(gitLog(t, n)); after != before {
		t.Errorf("linking again made %d commits", after-before)
	}
	v, err := n.Show(a.ID)
	if err != nil {
		t.Fatal(err)
	}
	mustMatch(t, v.Text, `(?m)^# links\n`+b.ID+` y\.z: second$`)
	z, _ := n.Zoom(topic(t, "x"))
	mustMatch(t, z.Text, `(?m)^`+a.ID+` first \(1 link\)$`)
}

// TestMoveTopicUp: a topic moved into its own parent merges into it;
// its subtopic of the same name as itself moves into its old place.
func TestMoveTopicUp(t *testing.T) {
	n := newNotes(t)
	p := add(t, n, "physics", "p", "p")
	a := add(t, n, "physics.qm", "a", "a")
	b := add(t, n, "physics.qm.qm", "b", "b")
	writeSummary(t, n, "physics", "physics words")
	writeSummary(t, n, "physics.qm", "qm words")
	writeSummary(t, n, "physics.qm.qm", "inner words")
	if _, err := n.Move("physics.qm", topic(t, "physics")); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"physics/" + p.ID + ".md", "physics/" + a.ID + ".md", "physics/qm/" + b.ID + ".md"} {
		if !exists(t, n, f) {
			t.Errorf("%s is missing", f)
		}
	}
	top, _, _ := n.readSummary(topic(t, "physics"))
	inner, _, _ := n.readSummary(topic(t, "physics.qm"))
	if top.Text != "physics words" || inner.Text != "inner words" {
		t.Errorf("summaries: %q, %q", top.Text, inner.Text)
	}
}
