package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ai/memory"
	"github.com/session-intelligence/session-intelligence/shared/ai/pager"
	"github.com/session-intelligence/session-intelligence/shared/ai/search"
)

// show prints a view through the pager: whole on a terminal, in parts
// when piped and long.
func (d *deps) show(text string) error {
	dir, err := pager.Dir(d.Getenv)
	if err != nil {
		return err
	}
	p := pager.Pager{Dir: dir, Now: d.Now, Command: "ai"}
	return p.Show(d.Stdout, text, d.Terminal)
}

// MemoryViewCmd is `ai memory view`.
type MemoryViewCmd struct{}

// Run prints the view; runs left unfolded start the background fold.
func (c *MemoryViewCmd) Run(d *deps) error {
	m, err := d.openMemory()
	if err != nil {
		return err
	}
	lines := d.Settings.Memory.ViewLines
	v, err := m.View(lines)
	if err != nil {
		return err
	}
	var b strings.Builder
	switch v.Count {
	case 0:
		b.WriteString("# memory: no notes yet; record one with: ai memory note \"...\"\n")
	default:
		fmt.Fprintf(&b, "# memory: %d notes, oldest first; older ones folded (#FIRST-LAST). Open a line: ai memory zoom ID. Search: ai memory grep REGEX\n", v.Count)
	}
	for _, l := range v.Lines {
		b.WriteString(l + "\n")
	}
	if v.Unfolded > 0 {
		b.WriteString(d.foldSays(m, d.foldLater(m), v.Unfolded))
	}
	return d.show(b.String())
}

// MemoryZoomCmd is `ai memory zoom ID`.
type MemoryZoomCmd struct {
	ID string `arg:"" help:"A line's id as the view prints it: 17, or a range like 0-15."`
}

// Run prints the note, or the range's summary and its two halves.
func (c *MemoryZoomCmd) Run(d *deps) error {
	b, err := memory.ParseBlock(c.ID)
	if err != nil {
		return err
	}
	m, err := d.openMemory()
	if err != nil {
		return err
	}
	lines, err := m.Zoom(b)
	if err != nil {
		return err
	}
	return d.show(strings.Join(lines, "\n") + "\n")
}

// MemoryGrepCmd is `ai memory grep REGEX`.
type MemoryGrepCmd struct {
	Regex string `arg:"" help:"An RE2 regular expression; (?i) ignores case. At most 1,000 bytes; a search prints at most 2,000 matches and stops after 5 s."`
}

// Run prints every matching note and summary, then the count.
func (c *MemoryGrepCmd) Run(d *deps) error {
	p, err := search.Compile(c.Regex)
	if err != nil {
		return err
	}
	m, err := d.openMemory()
	if err != nil {
		return err
	}
	budget := search.NewBudget(nil)
	hits, err := m.Grep(p, budget)
	if err != nil && !errors.Is(err, search.ErrTooSlow) {
		return err
	}
	var b strings.Builder
	for _, h := range hits {
		b.WriteString(h + "\n")
	}
	b.WriteString(budget.Footer(p) + "\n")
	if serr := d.show(b.String()); serr != nil {
		return serr
	}
	return err
}
