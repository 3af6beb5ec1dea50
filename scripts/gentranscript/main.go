// Command gentranscript writes a synthetic Claude Code transcript for
// benchmarks: gentranscript -mb 48 -o big.jsonl.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/session-intelligence/session-intelligence/shared/testkit/synth"
)

func main() {
	mb := flag.Int("mb", 48, "size in MiB")
	out := flag.String("o", "transcript.jsonl", "output file")
	seed := flag.Uint64("seed", 1, "random seed")
	cwd := flag.String("cwd", "/home/dev/proj", "project directory recorded in the transcript")
	flag.Parse()
	f, err := os.Create(*out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gentranscript:", err)
		os.Exit(1)
	}
	sum, err := synth.Write(f, synth.Options{Bytes: int64(*mb) << 20, Seed: *seed, Cwd: *cwd})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gentranscript:", err)
		os.Exit(1)
	}
	fmt.Printf("%s: %d bytes, %d lines, %d responses\n", *out, sum.Bytes, sum.Lines, sum.Responses)
}
