package memory

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/search"
	"github.com/session-intelligence/session-intelligence/shared/testkit/gitread"
)

// folded is a memory of 8 notes whose view of 3 lines folds them all
// (#0-3, #4-5 and #6-7, from their notes): forgetting #1 has a summary
// to drop.
func folded(t *testing.T) *Memory {
	t.Helper()
	m := newMemory(t)
	if err := m.Import(texts(0, 8), t0); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Fold(context.Background(), &fakeSum{answer: func(p string) (string, error) {
		return "summary of " + strings.Join(strings.Fields(p)[10:12], " "), nil
	}}, 3, func(string, ...any) {}); err != nil {
		t.Fatal(err)
	}
	return m
}

// commitLog is the subject of every commit, newest first.
func commitLog(t *testing.T, m *Memory) []string { return gitread.Subjects(t, m.Dir()) }

// show is the content of path at revision rev (as `git show rev:path`).
func show(t *testing.T, m *Memory, rev, path string) string {
	return gitread.Show(t, m.Dir(), rev, path)
}

// TestForget: the note keeps its id and time and says it is forgotten;
// every summary that covered it is dropped, so the view shows the run
// unfolded and the folder has it to do again; one commit names it all;
// the history keeps the text; grep no longer finds it.
func TestForget(t *testing.T) {
	m := folded(t)
	before, _ := m.View(3)
	if before.Unfolded != 0 {
		t.Fatalf("the seed view is not folded: %q", before.Lines)
	}
	c, err := m.Forget(1)
	if err != nil {
		t.Fatal(err)
	}
	if c.Before.Text != "fact 1" || c.After.Text != Forgotten || fmt.Sprint(c.Refold) != "[0-3]" {
		t.Errorf("Forget = %+v", c)
	}
	if log := commitLog(t, m); log[0] != "Forget #1; refold #0-3" {
		t.Errorf("commit: %q", log[0])
	}
	if !strings.Contains(show(t, m, "HEAD~1", "notes/0000000.txt"), "#1 2026-05-01T10:00:00Z fact 1\n") {
		t.Error("the history lost the text")
	}
	v, _ := m.View(3)
	joined := strings.Join(v.Lines, "\n")
	if v.Unfolded != 1 || !strings.Contains(joined, "#1 2026-05-01 (forgotten)") || strings.Contains(joined, "fact 1\n") ||
		strings.Contains(joined, "summary of") && strings.Contains(joined, "#0-3") {
		t.Errorf("view after forgetting #1 (%d unfolded):\n%s", v.Unfolded, joined)
	}
	if todo, _ := m.Pending(3); fmt.Sprint(todo) != "[0-3]" {
		t.Errorf("Pending = %v", todo)
	}
	hits, err := m.Grep(mustPattern(t, `fact 1$|forgotten`), nil)
	if err != nil || len(hits) != 0 {
		t.Errorf("grep found the forgotten note: %q, %v", hits, err)
	}
	sum := &fakeSum{}
	if _, err := m.Fold(context.Background(), sum, 3, func(string, ...any) {}); err != nil {
		t.Fatal(err)
	}
	if len(sum.prompts) != 1 || strings.Contains(sum.prompts[0], "fact 1\n") || strings.Contains(sum.prompts[0], Forgotten) ||
		!strings.Contains(sum.prompts[0], "fact 0\n") {
		t.Errorf("the refold's prompts: %q", sum.prompts)
	}
}

// TestForgetRefused: an id past the end, a range, a note forgotten
// twice; none commits.
func TestForgetRefused(t *testing.T) {
	m := folded(t)
	if _, err := m.Forget(1); err != nil {
		t.Fatal(err)
	}
	commits := len(commitLog(t, m))
	_, err := m.Forget(1)
	if !errors.Is(err, ErrForgotten) || err.Error() != "note #1 is already forgotten; nothing changed" {
		t.Errorf("twice: %v", err)
	}
	_, err = m.Forget(8)
	if !errors.Is(err, ErrBadID) || err.Error() != "bad id #8: the memory has 8 notes (#0-#7)" {
		t.Errorf("past the end: %v", err)
	}
	if _, err := m.Forget(300); !errors.Is(err, ErrBadID) {
		t.Errorf("in a segment not written: %v", err)
	}
	if _, err := m.Edit(1, "back again"); err == nil || !strings.Contains(err.Error(), "note #1 is forgotten: record what is true with ai memory note") {
		t.Errorf("editing a forgotten note: %v", err)
	}
	if n := len(commitLog(t, m)); n != commits {
		t.Errorf("refusals made %d commits", n-commits)
	}
	empty := newMemory(t)
	if _, err := empty.Forget(0); err == nil || err.Error() != "bad id #0: the memory has no notes yet" {
		t.Errorf("an empty memory: %v", err)
	}
}

// TestEdit: the text changes, the covering summaries go; the same text
// changes nothing; CheckNote refuses the forgotten marker.
func TestEdit(t *testing.T) {
	m := folded(t)
	c, err := m.Edit(5, "fact five, corrected")
	if err != nil || c.Same || fmt.Sprint(c.Refold) != "[4-5]" {
		t.Fatalf("Edit = %+v, %v", c, err)
	}
	if log := commitLog(t, m); log[0] != "Edit #5: fact five, corrected; refold #4-5" {
		t.Errorf("commit: %q", log[0])
	}
	if note, _ := m.Note(5); note.Text != "fact five, corrected" || !note.Time.Equal(t0) {
		t.Errorf("note #5 = %+v", note)
	}
	commits := len(commitLog(t, m))
	if c, err := m.Edit(5, "fact five, corrected"); err != nil || !c.Same || len(commitLog(t, m)) != commits {
		t.Errorf("the same text: %+v, %v", c, err)
	}
	if _, err := m.Add("fact 8"); err != nil {
		t.Fatal(err)
	}
	if c, err := m.Edit(8, "fact eight"); err != nil || len(c.Refold) != 0 {
		t.Errorf("a note no summary covers: %+v, %v", c, err)
	}
	if _, err := CheckNote(" "+Forgotten+" ", 280); !errors.Is(err, ErrEmpty) {
		t.Errorf("CheckNote(Forgotten) = %v", err)
	}
}

// TestFoldOfForgottenRun: a run whose notes are all forgotten is folded
// without asking the model.
func TestFoldOfForgottenRun(t *testing.T) {
	m := newMemory(t)
	if err := m.Import(texts(0, 4), t0); err != nil {
		t.Fatal(err)
	}
	for _, id := range []int{0, 1} {
		if _, err := m.Forget(id); err != nil {
			t.Fatal(err)
		}
	}
	sum := &fakeSum{}
	if err := m.FoldBlock(context.Background(), sum, Block{0, 2}); err != nil {
		t.Fatal(err)
	}
	lines, _ := m.Zoom(Block{0, 2})
	if len(sum.prompts) != 0 || lines[0] != "#0-1 2026-05-01 (2 notes, all forgotten)" {
		t.Errorf("%d prompts; zoom %q", len(sum.prompts), lines)
	}
}

// TestFoldRacingAForget: a note forgotten while its run's summary is
// being written leaves that summary unwritten; the next pass folds the
// run without it.
func TestFoldRacingAForget(t *testing.T) {
	m := newMemory(t)
	if err := m.Import(texts(0, 4), t0); err != nil {
		t.Fatal(err)
	}
	other, _, err := Open(m.Dir(), clock())
	if err != nil {
		t.Fatal(err)
	}
	first := true
	sum := &fakeSum{answer: func(p string) (string, error) {
		if first {
			first = false
			if _, err := other.Forget(1); err != nil {
				return "", err
			}
			return "says fact 1", nil
		}
		return "without it", nil
	}}
	built, err := m.Fold(context.Background(), sum, 3, func(string, ...any) {})
	if err != nil {
		t.Fatal(err)
	}
	lines, _ := m.Zoom(Block{0, 2})
	if built != 1 || len(sum.prompts) != 2 || lines[0] != "#0-1 2026-05-01 without it" {
		t.Errorf("built %d, %d prompts, zoom %q", built, len(sum.prompts), lines)
	}
}

// TestForgetDropsNestedFolds: a note inside a merged summary drops it
// and the halves' summary that held the note, not the other half's.
func TestForgetDropsNestedFolds(t *testing.T) {
	m := newMemory(t)
	if err := m.Import(texts(0, 40), t0); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Fold(context.Background(), &fakeSum{}, 4, func(string, ...any) {}); err != nil {
		t.Fatal(err)
	}
	c, err := m.Forget(3)
	if err != nil || fmt.Sprint(c.Refold) != "[0-15 0-31]" {
		t.Fatalf("Forget(3) = %v, %v", c.Refold, err)
	}
	if _, ok, _ := m.fold(Block{16, 32}); !ok {
		t.Error("the other half's summary went too")
	}
	if todo, _ := m.Pending(4); fmt.Sprint(todo) != "[0-15 0-31]" {
		t.Errorf("Pending = %v", todo)
	}
}

// TestGrepIsBounded: a search whose time runs out stops with what it
// found and says so.
func TestGrepIsBounded(t *testing.T) {
	m := newMemory(t)
	if err := m.Import(texts(0, 600), t0); err != nil {
		t.Fatal(err)
	}
	now := t0
	clock := func() time.Time { now = now.Add(time.Second); return now }
	hits, err := m.Grep(mustPattern(t, `fact`), search.NewBudgetOf(clock, 2*time.Second, 10_000))
	if !errors.Is(err, search.ErrTooSlow) || len(hits) == 0 || len(hits) >= 600 {
		t.Errorf("out of time: %d hits, %v", len(hits), err)
	}
}
