package memory

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/ai/store/git"
)

// big returns a memory of 10,000 notes of about 280 characters whose
// view of 96 lines is fully folded, as a memory in long use is.
func big(b *testing.B) *Memory {
	b.Helper()
	m := newMemory(b)
	notes := make([]string, 10_000)
	for i := range notes {
		notes[i] = fmt.Sprintf("note %d: %s", i, strings.Repeat("lorem ipsum dolor sit amet ", 10)[:260])
	}
	if err := m.Import(notes, t0); err != nil {
		b.Fatal(err)
	}
	seedFolds(b, m, 96)
	return m
}

// seedFolds writes every summary the view needs in one commit.
func seedFolds(b *testing.B, m *Memory, lines int) {
	todo, err := m.Pending(lines)
	if err != nil {
		b.Fatal(err)
	}
	_, err = m.Store().Update(func(tx *git.Tx) (string, error) {
		for _, blk := range todo {
			rec := foldRecord{Block: blk, First: t0, Last: t0, Text: strings.Repeat("s", 400)}
			if err := addFold(tx, rec); err != nil {
				return "", err
			}
		}
		return "seed folds", nil
	})
	if err != nil {
		b.Fatal(err)
	}
	m.forget()
}

func BenchmarkAdd10k(b *testing.B) {
	m := big(b)
	text := strings.Repeat("x", 280)
	for b.Loop() {
		mm, _, err := Open(m.Dir(), clock())
		if err != nil {
			b.Fatal(err)
		}
		if _, err := mm.Add(text); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkView10k(b *testing.B) {
	m := big(b)
	for b.Loop() {
		mm, _, err := Open(m.Dir(), clock())
		if err != nil {
			b.Fatal(err)
		}
		v, err := mm.View(96)
		if err != nil || v.Unfolded != 0 {
			b.Fatalf("View: %v, %d unfolded", err, v.Unfolded)
		}
	}
}

func BenchmarkGrep10k(b *testing.B) {
	m := big(b)
	re := regexp.MustCompile(`note 9[0-9]{3}:`)
	for b.Loop() {
		mm, _, err := Open(m.Dir(), clock())
		if err != nil {
			b.Fatal(err)
		}
		hits, err := mm.Grep(re)
		if err != nil || len(hits) != 1000 {
			b.Fatalf("Grep: %d hits, %v", len(hits), err)
		}
	}
}

func BenchmarkPending10k(b *testing.B) {
	m := big(b)
	for b.Loop() {
		m.forget()
		if _, err := m.Pending(96); err != nil {
			b.Fatal(err)
		}
	}
	_ = context.Background
}
