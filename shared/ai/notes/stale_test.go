package notes

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/ai/store/git"
)

// staleWorld is a fully summarised tree: physics (1 note) with
// subtopics qm (2) and gr (1), and chem (1) beside it.
type staleWorld struct {
	n              *Notes
	p1, q1, q2, g1 Note
}

func newStaleWorld(t *testing.T) *staleWorld {
	t.Helper()
	w := &staleWorld{n: newNotes(t)}
	w.p1 = add(t, w.n, "physics", "Energy is conserved", "in closed systems")
	w.q1 = add(t, w.n, "physics.qm", "Decoherence", "interference is suppressed")
	w.q2 = add(t, w.n, "physics.qm", "Measurement", "a second claim")
	w.g1 = add(t, w.n, "physics.gr", "Light bends", "seen in 1919")
	add(t, w.n, "chem", "Water is polar", "a bent molecule")
	w.build(t)
	return w
}

// build summarises everything; the summariser answers the same text
// each time for a topic, as a model may.
func (w *staleWorld) build(t *testing.T) int {
	t.Helper()
	sum := &fakeSum{answer: func(p string) (string, error) {
		_, rest, _ := strings.Cut(p, "contents of topic ")
		name, _, _ := strings.Cut(rest, ":")
		return "about " + name, nil
	}}
	built, err := w.n.Build(context.Background(), sum, func(string, ...any) {})
	if err != nil {
		t.Fatal(err)
	}
	return built
}

// resummarise rewrites topic tp's summary as a new build of the same
// text would: current, built later.
func (w *staleWorld) resummarise(t *testing.T, tp string) {
	t.Helper()
	tt := topic(t, tp)
	fp, err := w.n.fingerprint(tt)
	must(t, err)
	s, _, _ := w.n.readSummary(tt)
	s.Built, s.From = t0.AddDate(0, 0, 1), fp
	_, err = w.n.st.Update(func(tx *git.Tx) (string, error) {
		tx.Write(summaryPath(tt), s.Format())
		return "resummarise " + tp, nil
	})
	must(t, err)
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestStaleAfterEveryChange: whatever changes below a topic (a note
// added, edited, removed or linked, a subtopic added, removed, moved in
// or out or renamed, a subtopic summarised again with the same text),
// the topic and every topic above it are stale, and nothing else; the
// tree and the zoom say so; a build leaves everything current and says
// nothing more.
func TestStaleAfterEveryChange(t *testing.T) {
	cases := []struct {
		name   string
		change func(t *testing.T, w *staleWorld)
		want   string // Stale(), deepest first
	}{
		{"a note added below", func(t *testing.T, w *staleWorld) { add(t, w.n, "physics.qm", "Third", "c") }, "[physics.qm physics]"},
		{"a note added deep below", func(t *testing.T, w *staleWorld) { add(t, w.n, "physics.qm.deep", "Deep", "d") }, "[physics.qm.deep physics.qm physics]"},
		{"a note edited", func(t *testing.T, w *staleWorld) {
			_, err := w.n.Edit(w.q1.ID, Change{Claim: "interference is gone"})
			must(t, err)
		}, "[physics.qm physics]"},
		{"a note removed", func(t *testing.T, w *staleWorld) {
			_, err := w.n.Remove(w.q2.ID, false)
			must(t, err)
		}, "[physics.qm physics]"},
		{"two notes linked", func(t *testing.T, w *staleWorld) {
			_, err := w.n.Link(w.q1.ID, w.g1.ID)
			must(t, err)
		}, "[physics.gr physics.qm physics]"},
		{"a subtopic added", func(t *testing.T, w *staleWorld) { add(t, w.n, "physics.new", "New", "n") }, "[physics.new physics]"},
		{"a subtopic removed", func(t *testing.T, w *staleWorld) {
			_, err := w.n.Remove("physics.gr", true)
			must(t, err)
		}, "[physics]"},
		{"a subtopic moved out", func(t *testing.T, w *staleWorld) {
			_, err := w.n.Move("physics.gr", topic(t, "chem.gr"))
			must(t, err)
		}, "[chem physics]"},
		{"a subtopic renamed", func(t *testing.T, w *staleWorld) {
			_, err := w.n.Move("physics.gr", topic(t, "physics.gravity"))
			must(t, err)
		}, "[physics]"},
		{"a note moved between subtopics", func(t *testing.T, w *staleWorld) {
			_, err := w.n.Move(w.q2.ID, topic(t, "physics.gr"))
			must(t, err)
		}, "[physics.gr physics.qm physics]"},
		{"a subtopic summarised again, same text", func(t *testing.T, w *staleWorld) { w.resummarise(t, "physics.qm") }, "[physics]"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w := newStaleWorld(t)
			if s, err := w.n.Stale(); err != nil || len(s) != 0 {
				t.Fatalf("before: Stale = %v, %v", s, err)
			}
			tc.change(t, w)
			got, err := w.n.Stale()
			if err != nil || fmt.Sprint(got) != tc.want {
				t.Errorf("Stale = %v, %v; want %s", got, err, tc.want)
			}
			tree, err := w.n.Tree()
			must(t, err)
			mustMatch(t, tree.Text, `(?m)^physics \(.*\): (about physics \(stale\)|\(no summary yet\))$`, `(?m)^chem \(`)
			if !tree.Unsummarised {
				t.Error("the tree does not ask for summaries")
			}
			if strings.Contains(tc.want, "chem") != strings.Contains(tree.Text, "about chem (stale)") {
				t.Errorf("chem's line is wrong:\n%s", tree.Text)
			}
			zoom, err := w.n.Zoom(topic(t, "physics"))
			must(t, err)
			if !strings.Contains(zoom.Text, "(this summary predates the newest changes to physics)") && !strings.Contains(zoom.Text, noSummary) {
				t.Errorf("the zoom does not say physics' summary is stale:\n%s", zoom.Text)
			}
			w.build(t)
			if s, err := w.n.Stale(); err != nil || len(s) != 0 {
				t.Errorf("after building: Stale = %v, %v", s, err)
			}
			tree, _ = w.n.Tree()
			zoom, _ = w.n.Zoom(topic(t, "physics"))
			if tree.Unsummarised || zoom.Unsummarised || strings.Contains(tree.Text+zoom.Text, "stale") || strings.Contains(zoom.Text, "predates") {
				t.Errorf("after building, the views still ask:\n%s\n%s", tree.Text, zoom.Text)
			}
		})
	}
}

// TestStaleLeavesSiblings: a change below one topic leaves its siblings
// and the other top topics current, and a topic moved whole stays
// current where it lands.
func TestStaleLeavesSiblings(t *testing.T) {
	w := newStaleWorld(t)
	add(t, w.n, "physics.qm", "Third", "c")
	z, err := w.n.Zoom(topic(t, "physics"))
	must(t, err)
	mustMatch(t, z.Text, `(?m)^physics\.gr \(1 note\): about physics\.gr$`, `(?m)^physics\.qm \(3 notes\): about physics\.qm \(stale\)$`)
	w.build(t)
	if _, err := w.n.Move("physics.qm", topic(t, "chem.qm")); err != nil {
		t.Fatal(err)
	}
	z, err = w.n.Zoom(topic(t, "chem"))
	must(t, err)
	mustMatch(t, z.Text, `(?m)^chem\.qm \(3 notes\): about physics\.qm$`, `\(this summary predates the newest changes to chem\)`)
}

// TestCountInPromptIsCurrent: a parent's prompt counts its subtopics'
// notes as they are, not as their summaries were built.
func TestCountInPromptIsCurrent(t *testing.T) {
	w := newStaleWorld(t)
	add(t, w.n, "physics.qm", "Third", "c")
	sum := &fakeSum{}
	if _, err := w.n.Build(context.Background(), sum, func(string, ...any) {}); err != nil {
		t.Fatal(err)
	}
	last := sum.prompts[len(sum.prompts)-1]
	mustMatch(t, last, `contents of topic physics:`, `(?m)^- physics\.qm \(3 notes\): summary 1$`)
}

// TestBuildRacingARemove: a note removed while its topic's summary is
// being written leaves that summary unstored; the build writes it again
// from what is left, so no summary says what was removed.
func TestBuildRacingARemove(t *testing.T) {
	n := newNotes(t)
	add(t, n, "x", "Keep", "keep this")
	gone := add(t, n, "x", "Wrong", "the wrong claim")
	other, _, err := Open(n.Dir(), nil)
	must(t, err)
	first := true
	sum := &fakeSum{answer: func(p string) (string, error) {
		if first {
			first = false
			if _, err := other.Remove(gone.ID, false); err != nil {
				return "", err
			}
		}
		if strings.Contains(p, "wrong claim") {
			return "says the wrong claim", nil
		}
		return "keeps only what is right", nil
	}}
	built, err := n.Build(context.Background(), sum, func(string, ...any) {})
	if err != nil || built != 1 || len(sum.prompts) != 2 {
		t.Fatalf("Build = %d, %v, %d prompts", built, err, len(sum.prompts))
	}
	s, _, _ := n.readSummary(topic(t, "x"))
	if s.Text != "keeps only what is right" {
		t.Errorf("the summary says %q", s.Text)
	}
}
