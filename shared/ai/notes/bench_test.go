package notes

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/search"
)

var t0 = time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)

// bigStore returns a store of 10,000 notes in 200 topics (40 top topics
// of 5 subtopics), each note a title and a claim of about 300 characters.
func bigStore(b testing.TB) *Notes {
	b.Helper()
	n, _, err := Create(b.TempDir()+"/notes", func() time.Time { return t0 })
	if err != nil {
		b.Fatal(err)
	}
	drafts := make([]Draft, 0, 10_000)
	for i := range 10_000 {
		t := Topic{fmt.Sprintf("area%02d", i%40), fmt.Sprintf("sub%d", i/40%5)}
		drafts = append(drafts, Draft{Topic: t, Title: fmt.Sprintf("claim %d", i),
			Claim: fmt.Sprintf("claim %d: %s", i, strings.Repeat("lorem ipsum dolor sit amet ", 11))})
	}
	if _, err := n.Import(drafts, t0.Add(-time.Hour)); err != nil {
		b.Fatal(err)
	}
	return n
}

func BenchmarkAdd10k(b *testing.B) {
	n := bigStore(b)
	d := Draft{Topic: Topic{"area07", "sub3"}, Title: "a new claim", Claim: strings.Repeat("x", 300)}
	for b.Loop() {
		nn, _, err := Open(n.Dir(), time.Now)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := nn.Add(d); err != nil {
			b.Fatal(err)
		}
	}
}

// summarised builds every summary of n with a summariser answering the
// longest summary, as in a store in long use.
func summarised(b *testing.B, n *Notes) {
	b.Helper()
	full := &fakeSum{answer: func(string) (string, error) { return strings.Repeat("w", SummaryChars), nil }}
	if _, err := n.Build(context.Background(), full, func(string, ...any) {}); err != nil {
		b.Fatal(err)
	}
}

func BenchmarkTree10k(b *testing.B) {
	n := bigStore(b)
	summarised(b, n)
	for b.Loop() {
		nn, _, err := Open(n.Dir(), time.Now)
		if err != nil {
			b.Fatal(err)
		}
		if v, err := nn.Tree(); err != nil || v.Unsummarised {
			b.Fatal(err, v.Unsummarised)
		}
	}
}

func BenchmarkGrep10k(b *testing.B) {
	n := bigStore(b)
	summarised(b, n)
	// The first search builds the index; every later one reads it.
	if _, err := n.Grep(mustPattern(b, "x"), nil); err != nil {
		b.Fatal(err)
	}
	for _, c := range grepCases {
		p := mustPattern(b, c.re)
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				nn, _, err := Open(n.Dir(), time.Now)
				if err != nil {
					b.Fatal(err)
				}
				v, err := nn.Grep(p, search.NewBudget(nil))
				if err != nil || !strings.HasSuffix(v.Text, c.footer+"\n") {
					b.Fatalf("Grep: %v, ends %q", err, v.Text[max(len(v.Text)-80, 0):])
				}
			}
		})
	}
}

// grepCases are the searches the benchmarks time, with the count each
// ends with on bigStore: a selective one, one that finds nothing, one
// whose folded literals rule out every note, one with no literal but a
// run of digits no note holds, and one whose every part every note
// holds, so that the regexp runs over every line: the worst case.
var grepCases = []struct{ name, re, footer string }{
	{"1000matches", `claim 9[0-9]{3}:`, "# 1000 matches for claim 9[0-9]{3}:"},
	{"nomatch", `no such text`, "# 0 matches for no such text"},
	{"foldednomatch", `(?i)LOREM.*Z`, "# 0 matches for (?i)LOREM.*Z"},
	{"digitrun", `[0-9]{5}`, "# 0 matches for [0-9]{5}"},
	{"everyline", `(sit|amet) \w+ \d`, "# 0 matches for (sit|amet) \\w+ \\d"},
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
