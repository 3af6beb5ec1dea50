package cli

import (
	"fmt"
	"io"
	"time"
)

// progress shows what a sync is doing on one line of a terminal,
// rewritten in place and cleared at the end; elsewhere (a pipe, a file,
// Claude Code's Bash tool) it only remembers the phase, for the message
// of a sync that stops.
type progress struct {
	w     io.Writer // nil: not a terminal
	now   func() time.Time
	phase string
	drawn time.Time // when the line was last drawn; zero: never
}

// redrawEvery throttles the file counts.
const redrawEvery = 100 * time.Millisecond

func newProgress(w io.Writer, now func() time.Time) *progress {
	if !isTerminal(w) {
		w = nil
	}
	return &progress{w: w, now: now}
}

// show is full.Options.Progress.
func (p *progress) show(phase string, done, total int) {
	changed := phase != p.phase
	p.phase = phase
	if p.w == nil || !changed && p.now().Sub(p.drawn) < redrawEvery {
		return
	}
	line := "ai: sync: " + phase
	if total > 0 {
		line += fmt.Sprintf(" %d/%d files", done, total)
	}
	fmt.Fprintf(p.w, "\r\x1b[K%s", line)
	p.drawn = p.now()
}

// clear removes the line, so that the report starts on a clean one.
func (p *progress) clear() {
	if p.w != nil && !p.drawn.IsZero() {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}
