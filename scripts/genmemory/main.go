// Command genmemory creates an `ai memory` store of N notes of about 280
// characters, with every summary its view needs already folded (by a
// stand-in summariser), as a memory in long use is. For benchmarks:
//
//	genmemory -dir ~/.ai/memory -n 10000
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/memory"
)

// standIn answers every fold with a summary of the longest length.
type standIn struct{}

func (standIn) Summarise(context.Context, string) (string, error) {
	return strings.Repeat("summary words ", 40)[:memory.SummaryChars], nil
}

func main() {
	dir := flag.String("dir", "", "the store to create")
	n := flag.Int("n", 10_000, "notes")
	lines := flag.Int("lines", 96, "memory.view.lines to fold for")
	flag.Parse()
	if err := run(*dir, *n, *lines); err != nil {
		fmt.Fprintln(os.Stderr, "genmemory:", err)
		os.Exit(1)
	}
}

func run(dir string, n, lines int) error {
	if dir == "" {
		return fmt.Errorf("give -dir")
	}
	m, _, err := memory.Init(dir, time.Now)
	if err != nil {
		return err
	}
	texts := make([]string, n)
	filler := strings.Repeat("lorem ipsum dolor sit amet consectetur ", 10)
	for i := range texts {
		head := fmt.Sprintf("note %d: ", i)
		texts[i] = head + filler[:280-len(head)]
	}
	if err := m.Import(texts, time.Now()); err != nil {
		return err
	}
	built, err := m.Fold(context.Background(), standIn{}, lines, func(string, ...any) {})
	fmt.Printf("%d notes, %d summaries in %s\n", n, built, dir)
	return err
}
