// Command gennotes creates an `ai notes` store of N notes spread evenly
// over T topics (two levels: T/5 top topics of five subtopics each),
// each a title and a claim of about 300 characters, with every topic
// summarised (by a stand-in summariser), as a store in long use is. For
// benchmarks:
//
//	gennotes -dir ~/.ai/notes -n 10000 -topics 200
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/notes"
)

// standIn answers every summary with one of the longest length.
type standIn struct{}

func (standIn) Summarise(context.Context, string) (string, error) {
	return strings.Repeat("summary words ", 40)[:notes.SummaryChars], nil
}

func main() {
	dir := flag.String("dir", "", "the store to create")
	n := flag.Int("n", 10_000, "notes")
	topics := flag.Int("topics", 200, "leaf topics (a multiple of 5)")
	flag.Parse()
	if err := run(*dir, *n, *topics); err != nil {
		fmt.Fprintln(os.Stderr, "gennotes:", err)
		os.Exit(1)
	}
}

func run(dir string, n, topics int) error {
	if dir == "" || topics < 5 || topics%5 != 0 {
		return fmt.Errorf("give -dir and -topics, a multiple of 5")
	}
	st, _, err := notes.Create(dir, time.Now)
	if err != nil {
		return err
	}
	filler := strings.Repeat("lorem ipsum dolor sit amet consectetur ", 10)
	drafts := make([]notes.Draft, n)
	for i := range drafts {
		leaf := i % topics
		t := notes.Topic{fmt.Sprintf("area%03d", leaf/5), fmt.Sprintf("sub%d", leaf%5)}
		head := fmt.Sprintf("claim %d: ", i)
		drafts[i] = notes.Draft{Topic: t, Title: fmt.Sprintf("claim %d", i), Claim: head + filler[:300-len(head)]}
	}
	if _, err := st.Import(drafts, time.Now().Add(-time.Hour)); err != nil {
		return err
	}
	built, err := st.Build(context.Background(), standIn{}, func(string, ...any) {})
	fmt.Printf("%d notes in %d topics, %d summaries in %s\n", n, topics, built, dir)
	return err
}
