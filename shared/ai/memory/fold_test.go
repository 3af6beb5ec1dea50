package memory

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/session-intelligence/session-intelligence/shared/ai/summarise"
)

func TestFoldFailureLeavesNotesAndIsRetried(t *testing.T) {
	m := newMemory(t)
	if err := m.Import(texts(0, 20), t0); err != nil {
		t.Fatal(err)
	}
	head, _ := m.Store().Head()
	before, _ := m.Pending(8)
	failing := &fakeSum{answer: func(string) (string, error) { return "", errors.New("api down") }}
	built, err := m.Fold(context.Background(), failing, 8, func(string, ...any) {})
	if err == nil || built != 0 || !strings.Contains(err.Error(), "api down") {
		t.Fatalf("Fold with a failing summariser = %d, %v", built, err)
	}
	if h, _ := m.Store().Head(); h != head {
		t.Errorf("a failed fold committed %s", h)
	}
	after, _ := m.Pending(8)
	if len(after) != len(before) || len(after) == 0 {
		t.Errorf("pending %v after the failure, want %v", after, before)
	}
	if notes, _ := m.Notes(0, 20); len(notes) != 20 || notes[19].Text != "fact 19" {
		t.Errorf("notes changed: %+v", notes)
	}
	built, err = m.Fold(context.Background(), &fakeSum{}, 8, func(string, ...any) {})
	if err != nil || built != len(before) {
		t.Errorf("retry built %d, %v; want %d", built, err, len(before))
	}
}

func TestFoldNeverStoresMoreThanTheLimit(t *testing.T) {
	m := newMemory(t)
	if err := m.Import(texts(0, 2), t0); err != nil {
		t.Fatal(err)
	}
	long := "Preamble line.\n\n" + strings.Repeat("word ", 1000)
	if err := m.FoldBlock(context.Background(), &fakeSum{answer: func(string) (string, error) { return long, nil }}, Block{0, 2}); err != nil {
		t.Fatal(err)
	}
	rec, ok, err := m.fold(Block{0, 2})
	if err != nil || !ok {
		t.Fatalf("fold not stored: %v", err)
	}
	if n := utf8.RuneCountInString(rec.Text); n > SummaryChars || strings.Contains(rec.Text, "\n") {
		t.Errorf("stored summary has %d characters (limit %d) or a newline", n, SummaryChars)
	}
	if !strings.HasPrefix(rec.Text, "Preamble line. word word") || !strings.HasSuffix(rec.Text, "…") {
		t.Errorf("stored summary = %q", rec.Text)
	}
}

func TestFoldEmptyAnswerIsAFailure(t *testing.T) {
	m := newMemory(t)
	if err := m.Import(texts(0, 2), t0); err != nil {
		t.Fatal(err)
	}
	err := m.FoldBlock(context.Background(), &fakeSum{answer: func(string) (string, error) { return " \n ", nil }}, Block{0, 2})
	if err == nil || !strings.Contains(err.Error(), "answered nothing") {
		t.Errorf("FoldBlock(empty answer) = %v", err)
	}
}

// TestFoldHangingSummariserTimesOut runs the real claude backend with a
// runner that never answers: the fold gives up after the timeout and
// stores nothing.
func TestFoldHangingSummariserTimesOut(t *testing.T) {
	m := newMemory(t)
	if err := m.Import(texts(0, 2), t0); err != nil {
		t.Fatal(err)
	}
	hang := func(ctx context.Context, _ summarise.Command) ([]byte, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	c := summarise.Claude{Timeout: 50 * time.Millisecond, Run: hang}
	start := time.Now()
	err := m.FoldBlock(context.Background(), c, Block{0, 2})
	if err == nil || !strings.Contains(err.Error(), "no answer within 50ms") {
		t.Errorf("FoldBlock(hanging) = %v", err)
	}
	if time.Since(start) > 5*time.Second {
		t.Errorf("gave up after %v", time.Since(start))
	}
	if _, ok, _ := m.fold(Block{0, 2}); ok {
		t.Error("a summary was stored after a timeout")
	}
}

// TestFoldBuildsLargeRunsFromHalves: runs of at most RawFold notes are
// summarised from the notes, longer ones from their halves' summaries,
// halves first.
func TestFoldBuildsLargeRunsFromHalves(t *testing.T) {
	m := newMemory(t)
	if err := m.Import(texts(0, 200), t0); err != nil {
		t.Fatal(err)
	}
	sum := &fakeSum{}
	if _, err := m.Fold(context.Background(), sum, 8, func(string, ...any) {}); err != nil {
		t.Fatal(err)
	}
	merges := 0
	for _, p := range sum.prompts {
		switch {
		case strings.Contains(p, "Earlier:\n#"):
			merges++
			if strings.Contains(p, "fact ") {
				t.Errorf("a merge prompt holds notes:\n%s", p)
			}
		case strings.Contains(p, "\nNotes:\n#"):
			if n := strings.Count(p, "\n#"); n > RawFold {
				t.Errorf("a raw prompt holds %d notes (at most %d)", n, RawFold)
			}
		default:
			t.Errorf("unexpected prompt:\n%s", p)
		}
	}
	if merges == 0 {
		t.Error("no run was built from its halves")
	}
	if v, _ := m.View(8); v.Unfolded != 0 || len(v.Lines) != 8 {
		t.Errorf("view after folding: %+v", v)
	}
}
