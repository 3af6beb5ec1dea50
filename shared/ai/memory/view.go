package memory

import (
	"fmt"
	"slices"
	"time"
)

// View is the memory as one short view.
type View struct {
	// Count is the number of notes.
	Count int
	// Lines are the view's lines, oldest first.
	Lines []string
	// Unfolded counts the runs the view would fold but whose summary is
	// not built yet.
	Unfolded int
}

// View returns the whole memory in about lines lines: [Cover] decides the
// runs; a run whose summary is not built yet is shown unfolded (its
// built parts and notes) while the view stays within twice lines, and as
// one placeholder line beyond that.
func (m *Memory) View(lines int) (View, error) {
	n, err := m.Count()
	if err != nil {
		return View{}, err
	}
	cover := Cover(n, lines)
	v := View{Count: n}
	room := 2 * max(lines, 1)
	var out [][]string // per cover block, newest first
	for i := len(cover) - 1; i >= 0; i-- {
		b := cover[i]
		limit := room - i // keep a line for every older block
		got, built, err := m.blockLines(b, limit)
		if err != nil {
			return View{}, err
		}
		if !built {
			v.Unfolded++
		}
		room -= len(got)
		out = append(out, got)
	}
	for i := len(out) - 1; i >= 0; i-- {
		v.Lines = append(v.Lines, out[i]...)
	}
	return v, nil
}

// blockLines renders b: its note or summary; unbuilt, its expansion if it
// fits in limit lines, else a placeholder. built is false for an unbuilt
// run.
func (m *Memory) blockLines(b Block, limit int) (got []string, built bool, err error) {
	if b.Size() == 1 {
		note, err := m.Note(b.Lo)
		return []string{noteLine(note, false)}, true, err
	}
	rec, ok, err := m.fold(b)
	if err != nil || ok {
		return []string{foldLine(rec)}, true, err
	}
	got, err = m.expand(b, limit)
	if err != nil {
		return nil, false, err
	}
	if got == nil {
		line, err := m.placeholder(b)
		return []string{line}, false, err
	}
	return got, false, nil
}

// expand renders b as its largest built parts and its notes, or returns
// nil when that takes more than limit lines (limit < 0: no limit).
func (m *Memory) expand(b Block, limit int) ([]string, error) {
	if limit == 0 {
		return nil, nil
	}
	if b.Size() == 1 {
		note, err := m.Note(b.Lo)
		return []string{noteLine(note, false)}, err
	}
	if rec, ok, err := m.fold(b); err != nil || ok {
		return []string{foldLine(rec)}, err
	}
	if limit > 0 && limit < 2 {
		return nil, nil
	}
	left, right := b.Halves()
	l, err := m.expand(left, max(limit-1, -1))
	if err != nil || l == nil {
		return nil, err
	}
	rest := -1
	if limit > 0 {
		rest = limit - len(l)
	}
	r, err := m.expand(right, rest)
	if err != nil || r == nil {
		return nil, err
	}
	return append(l, r...), nil
}

// placeholder is the line of a run not folded yet.
func (m *Memory) placeholder(b Block) (string, error) {
	first, err := m.Note(b.Lo)
	if err != nil {
		return "", err
	}
	last, err := m.Note(b.Hi - 1)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("#%s %s (%d notes, not folded yet: ai memory zoom %s)",
		b, dateRange(first.Time, last.Time), b.Size(), b), nil
}

// Zoom opens one line of the view: a note whole (with its time), or a
// run's summary followed by its two halves, each as a summary or, when
// not folded, as its built parts and notes.
func (m *Memory) Zoom(b Block) ([]string, error) {
	n, err := m.Count()
	if err != nil {
		return nil, err
	}
	if b.Hi > n {
		return nil, fmt.Errorf("%w %s: the memory has %d notes", ErrBadID, b, n)
	}
	if b.Size() == 1 {
		note, err := m.Note(b.Lo)
		return []string{noteLine(note, true)}, err
	}
	head, _, err := m.blockLines(b, 1)
	if err != nil {
		return nil, err
	}
	left, right := b.Halves()
	l, err := m.expand(left, -1)
	if err != nil {
		return nil, err
	}
	r, err := m.expand(right, -1)
	if err != nil {
		return nil, err
	}
	return slices.Concat(head, l, r), nil
}

// noteLine is "#17 2026-05-01 text" (full: the time to the second).
func noteLine(n Note, full bool) string {
	if full {
		return fmt.Sprintf("#%d %s %s", n.ID, n.Time.UTC().Format(time.RFC3339), n.Text)
	}
	return fmt.Sprintf("#%d %s %s", n.ID, n.Time.UTC().Format(time.DateOnly), n.Text)
}

// foldLine is "#0-15 2026-04-01..2026-05-03 summary".
func foldLine(r foldRecord) string {
	return fmt.Sprintf("#%s %s %s", r.Block, dateRange(r.First, r.Last), r.Text)
}

func dateRange(first, last time.Time) string {
	a, b := first.UTC().Format(time.DateOnly), last.UTC().Format(time.DateOnly)
	if a == b {
		return a
	}
	return a + ".." + b
}
