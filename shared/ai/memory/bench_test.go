package memory

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/ai/search"
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

// grepCases are the searches the benchmarks time, with the hits each
// finds on big: a selective one, one that finds nothing, one whose
// folded literals rule out every line, one with no literal but a run of
// digits no line holds, and one whose every part every line holds, so
// that the regexp runs over every line: the worst case.
var grepCases = []struct {
	name, re string
	hits     int
}{
	{"1000matches", `note 9[0-9]{3}:`, 1000},
	{"nomatch", `no such text`, 0},
	{"foldednomatch", `(?i)LOREM.*Z`, 0},
	{"digitrun", `[0-9]{5}`, 0},
	{"everyline", `(sit|amet) \w+ \d`, 0},
}

func BenchmarkGrep10k(b *testing.B) {
	m := big(b)
	for _, c := range grepCases {
		p := mustPattern(b, c.re)
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				mm, _, err := Open(m.Dir(), clock())
				if err != nil {
					b.Fatal(err)
				}
				hits, err := mm.Grep(p, search.NewBudget(nil))
				if err != nil || len(hits) != c.hits {
					b.Fatalf("Grep: %d hits, %v", len(hits), err)
				}
			}
		})
	}
}

// mustPattern compiles a search pattern.
func mustPattern(t testing.TB, expr string) *search.Pattern {
	t.Helper()
	p, err := search.Compile(expr)
	if err != nil {
		t.Fatal(err)
	}
	return p
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
