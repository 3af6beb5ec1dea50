package notes

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/search"
	"github.com/session-intelligence/session-intelligence/shared/testkit/gitread"
)

// gitShow is a file as commit rev of the store holds it (`git show
// rev:p`).
func gitShow(t *testing.T, n *Notes, rev, p string) string { return gitread.Show(t, n.Dir(), rev, p) }

// TestRemoveNote: the note's file goes in one commit that names it, the
// notes linking to it lose the link, the summaries above it are
// dropped, and the history keeps the note.
func TestRemoveNote(t *testing.T) {
	w := newStaleWorld(t)
	n := w.n
	if _, err := n.Link(w.q1.ID, w.g1.ID); err != nil {
		t.Fatal(err)
	}
	w.build(t)
	before := len(gitLog(t, n))
	plan, err := n.Plan(w.q1.ID[:10], false)
	if err != nil || plan.Note != w.q1.ID || plan.Title != "Decoherence" {
		t.Fatalf("Plan = %+v, %v", plan, err)
	}
	r, err := n.Remove(w.q1.ID[:10], false)
	if err != nil {
		t.Fatal(err)
	}
	if r.Note != w.q1.ID || r.Topic.String() != "physics.qm" || !slices.Equal(r.Unlinked, []string{w.g1.ID}) || fmt.Sprint(r.Dropped) != "[physics.qm physics]" {
		t.Errorf("Remove = %+v", r)
	}
	log := gitLog(t, n)
	if len(log) != before+1 || log[0] != "Remove note "+w.q1.ID+" from physics.qm: Decoherence" {
		t.Errorf("commits: %q", log[:3])
	}
	p := NotePath(w.q1.Topic, w.q1.ID)
	if exists(t, n, p) || exists(t, n, "physics/qm/"+SummaryFile) || exists(t, n, "physics/"+SummaryFile) {
		t.Error("the note or a summary above it is still there")
	}
	if !exists(t, n, "chem/"+SummaryFile) || !exists(t, n, "physics/gr/"+SummaryFile) {
		t.Error("a summary beside it was dropped")
	}
	if !strings.Contains(gitShow(t, n, "HEAD~1", p), "interference is suppressed") {
		t.Error("the history lost the note")
	}
	g, err := n.Show(w.g1.ID)
	if err != nil || strings.Contains(g.Text, w.q1.ID) {
		t.Errorf("the linked note still names the removed one: %v\n%s", err, g.Text)
	}
	if _, err := n.Remove(w.q1.ID, false); err == nil || err.Error() != "no such note "+w.q1.ID+" (and no topic of that name); the tree: ai notes" {
		t.Errorf("removing it twice: %v", err)
	}
	if _, err := n.Remove(w.q2.ID[:6], false); err == nil || !strings.Contains(err.Error(), "is ambiguous") {
		t.Errorf("an ambiguous prefix: %v", err)
	}
}

// TestRemoveTopic: a topic holding notes is refused without recursive,
// and nothing changes; with it, everything below goes, links from
// outside it are cut, an emptied parent leaves the tree, and the
// summaries above are dropped.
func TestRemoveTopic(t *testing.T) {
	w := newStaleWorld(t)
	n := w.n
	c := add(t, n, "chem.sub", "Salt", "dissolves")
	if _, err := n.Link(c.ID, w.g1.ID); err != nil {
		t.Fatal(err)
	}
	before := gitLog(t, n)
	for _, what := range []string{"physics", "physics.qm"} {
		_, err := n.Remove(what, false)
		if !errors.Is(err, ErrHasNotes) {
			t.Errorf("Remove(%s) without recursive = %v", what, err)
		}
		if _, err := n.Plan(what, false); !errors.Is(err, ErrHasNotes) {
			t.Errorf("Plan(%s) without recursive = %v", what, err)
		}
	}
	_, err := n.Remove("physics", false)
	if want := "topic holds notes: physics holds 4 notes, 2 subtopics; to remove it with all of them: ai notes rm --recursive physics"; err == nil || err.Error() != want {
		t.Errorf("the refusal says %v\nwant %s", err, want)
	}
	if after := gitLog(t, n); len(after) != len(before) {
		t.Errorf("a refused remove committed: %q", after[0])
	}
	r, err := n.Remove("physics.gr", true)
	if err != nil || r.Notes != 1 || r.Topics != 1 || !slices.Equal(r.Unlinked, []string{c.ID}) || fmt.Sprint(r.Dropped) != "[physics]" {
		t.Fatalf("Remove(physics.gr, recursive) = %+v, %v", r, err)
	}
	if exists(t, n, "physics/gr") || !exists(t, n, "physics/qm") {
		t.Error("wrong files removed")
	}
	if log := gitLog(t, n); log[0] != "Remove topic physics.gr (1 note)" {
		t.Errorf("commit: %q", log[0])
	}
	if _, err := n.Remove("physics", true); err != nil {
		t.Fatal(err)
	}
	tree, _ := n.Tree()
	if strings.Contains(tree.Text, "physics") || exists(t, n, "physics") {
		t.Errorf("physics is still in the tree:\n%s", tree.Text)
	}
	if _, err := n.Remove("nothing.here", true); !errors.Is(err, ErrNoTopic) {
		t.Errorf("a missing topic: %v", err)
	}
}

// TestEditNote: the claim changes in one commit, a title made from the
// old claim follows it, a title given stays, the summaries above are
// dropped, the history keeps the old text; the same text changes
// nothing.
func TestEditNote(t *testing.T) {
	w := newStaleWorld(t)
	n := w.n
	auto := add(t, n, "chem", "Salt dissolves in water", "Salt dissolves in water. It is ionic.")
	w.build(t)
	e, err := n.Edit(auto.ID, Change{Claim: "Salt dissolves in warm water faster."})
	if err != nil || e.Same || e.After.Title != "Salt dissolves in warm water faster" || fmt.Sprint(e.Dropped) != "[chem]" {
		t.Fatalf("Edit = %+v, %v", e, err)
	}
	if log := gitLog(t, n); log[0] != "Edit "+auto.ID+" in chem: Salt dissolves in warm water faster" {
		t.Errorf("commit: %q", log[0])
	}
	p := NotePath(auto.Topic, auto.ID)
	if !strings.Contains(gitShow(t, n, "HEAD~1", p), "It is ionic.") || !strings.Contains(gitShow(t, n, "HEAD", p), "warm water") {
		t.Error("the history does not hold both texts")
	}
	e, err = n.Edit(w.q1.ID, Change{Claim: "interference fades", Confidence: "likely"})
	if err != nil || e.After.Title != "Decoherence" || e.After.Confidence != "likely" || e.After.Claim != "interference fades" {
		t.Errorf("a given title: %+v, %v", e.After, err)
	}
	commits := len(gitLog(t, n))
	e, err = n.Edit(w.q1.ID, Change{Claim: "interference fades"})
	if err != nil || !e.Same || len(gitLog(t, n)) != commits {
		t.Errorf("the same text: %+v, %v, %d commits more", e, err, len(gitLog(t, n))-commits)
	}
	if _, err := n.Edit("zzzzzzzz", Change{Claim: "x"}); !errors.Is(err, ErrNoSuchNote) {
		t.Errorf("a missing note: %v", err)
	}
}

// TestGrepIsBounded: a search whose time runs out stops with what it
// found and says so; one that finds too much stops at the cap.
func TestGrepIsBounded(t *testing.T) {
	w := newStaleWorld(t)
	now := t0
	clock := func() time.Time { now = now.Add(time.Second); return now }
	v, err := w.n.Grep(mustPattern(t, `.`), search.NewBudgetOf(clock, time.Nanosecond, 100))
	if !errors.Is(err, search.ErrTooSlow) || !strings.Contains(v.Text, "# search stopped after 1ns: 0 matches so far") {
		t.Errorf("out of time: %v\n%s", err, v.Text)
	}
	v, err = w.n.Grep(mustPattern(t, `.`), search.NewBudgetOf(nil, time.Hour, 3))
	if err != nil || strings.Count(v.Text, "\n") != 4 || !strings.Contains(v.Text, "# stopped at 3 matches for .;") {
		t.Errorf("at the cap: %v\n%s", err, v.Text)
	}
}
