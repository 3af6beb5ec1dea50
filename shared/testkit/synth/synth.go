// Package synth writes synthetic Claude Code transcripts for benchmarks
// and tests: realistic record shapes (user prompts, tool results, one
// assistant record per content block sharing message.id and usage,
// progress and attachment records, compact boundaries) at any size,
// deterministically from a seed.
package synth

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"
)

// Options shapes a synthetic transcript.
type Options struct {
	Bytes        int64     // stop once this many bytes were written
	Seed         uint64    // same seed, same file
	SessionID    string    // default "00000000-0000-4000-8000-000000000000"
	Cwd          string    // default "/home/dev/proj"
	Model        string    // default "claude-opus-4-6"
	Start        time.Time // first timestamp; default 2026-11-01T09:00:00Z
	CompactEvery int       // a compact_boundary after every N rounds; 0 never
}

func (o *Options) defaults() {
	if o.SessionID == "" {
		o.SessionID = "00000000-0000-4000-8000-000000000000"
	}
	if o.Cwd == "" {
		o.Cwd = "/home/dev/proj"
	}
	if o.Model == "" {
		o.Model = "claude-opus-4-6"
	}
	if o.Start.IsZero() {
		o.Start = time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	}
}

// Summary describes what was written, for assertions.
type Summary struct {
	Bytes     int64
	Lines     int
	Responses int   // distinct API responses
	Input     int64 // de-duplicated token sums
	Output    int64
	Creation  int64
	Read      int64
	Compacts  int
}

// Write writes a transcript to w.
func Write(w io.Writer, o Options) (Summary, error) {
	o.defaults()
	g := &gen{o: o, rng: rand.New(rand.NewPCG(o.Seed, o.Seed^0x9e3779b97f4a7c15)), bw: bufio.NewWriterSize(w, 1<<20), at: o.Start}
	for g.sum.Bytes < o.Bytes && g.err == nil {
		g.round()
	}
	if g.err == nil {
		g.err = g.bw.Flush()
	}
	return g.sum, g.err
}

type gen struct {
	o      Options
	rng    *rand.Rand
	bw     *bufio.Writer
	sum    Summary
	err    error
	at     time.Time
	rounds int
	parent string
	ctx    int64
}

var dirs = []string{"src/auth", "src/billing", "src/api", "internal/store", "tests/browser", "docs/design", "cmd/server", "pkg/util"}

func (g *gen) emit(rec map[string]any) {
	if g.err != nil {
		return
	}
	g.at = g.at.Add(time.Duration(200+g.rng.IntN(3000)) * time.Millisecond)
	uuid := g.uuid()
	base := map[string]any{"parentUuid": nullable(g.parent), "isSidechain": false, "userType": "external", "cwd": g.o.Cwd,
		"sessionId": g.o.SessionID, "version": "2.1.332", "gitBranch": "main", "uuid": uuid, "timestamp": g.at.Format(time.RFC3339Nano)}
	for k, v := range rec {
		base[k] = v
	}
	data, err := json.Marshal(base)
	if err != nil {
		g.err = err
		return
	}
	n, err := g.bw.Write(append(data, '\n'))
	g.sum.Bytes += int64(n)
	g.sum.Lines++
	g.err = err
	g.parent = uuid
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func (g *gen) uuid() string {
	return fmt.Sprintf("%08x-%04x-4%03x-8%03x-%012x", g.rng.Uint32(), g.rng.IntN(1<<16), g.rng.IntN(1<<12), g.rng.IntN(1<<12), g.rng.Uint64()&(1<<48-1))
}

func (g *gen) text(n int) string {
	words := []string{"the", "handler", "returns", "error", "when", "config", "value", "is", "missing", "func", "ctx", "token", "cache", "request", "update", "test", "fails", "because", "nil", "pointer"}
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(words[g.rng.IntN(len(words))])
		b.WriteByte(' ')
		if g.rng.IntN(12) == 0 {
			b.WriteString("\n")
		}
	}
	return b.String()[:n]
}
