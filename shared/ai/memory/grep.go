package memory

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ai/search"
)

// match is one grep hit with its place in time.
type match struct {
	lo, size int
	line     string
}

// Grep returns every note and summary whose text matches p, in the
// order of the notes they cover (a summary before the notes inside it),
// notes with their time to the second; forgotten notes are not searched.
// b (nil: the defaults) bounds the time and the matches; a search that
// ran out of time returns what it found and b's error. Files are read
// as bytes, and a file holding none of the literals a match needs is
// passed over; the lines left are matched on all cores, and only the
// matching ones are parsed.
func (m *Memory) Grep(p *search.Pattern, b *search.Budget) ([]string, error) {
	if b == nil {
		b = search.NewBudget(nil)
	}
	ls, err := m.candidates(p)
	if err != nil {
		return nil, err
	}
	keep := search.Filter(p, b, len(ls), func(p *search.Pattern, i int) bool { return p.Match(ls[i].text) })
	var hits []match
	for i, l := range ls {
		if !keep[i] || b.Full() {
			continue
		}
		h, ok, err := l.parse()
		if err != nil {
			return nil, err
		}
		if ok {
			hits = append(hits, h)
			b.Hit()
		}
	}
	slices.SortStableFunc(hits, func(a, b match) int {
		if a.lo != b.lo {
			return a.lo - b.lo
		}
		return b.size - a.size
	})
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.line
	}
	return out, b.Err(p)
}

// candidates are the lines of every notes/ and folds/ file that holds
// the literals a match of p needs.
func (m *Memory) candidates(p *search.Pattern) ([]line, error) {
	n, err := m.Count()
	if err != nil {
		return nil, err
	}
	var ls []line
	var buf []byte // reused while files are passed over
	for first := 0; first < n; first += SegmentNotes {
		if ls, buf, err = m.lines(ls, buf, segmentPath(first), 2, p); err != nil {
			return nil, err
		}
	}
	folds, err := m.foldFiles()
	if err != nil {
		return nil, err
	}
	for _, path := range folds {
		if ls, buf, err = m.lines(ls, buf, path, 3, p); err != nil {
			return nil, err
		}
	}
	return ls, nil
}

// line is one line of a notes/ or folds/ file and the text a search
// matches: what follows its id and times.
type line struct {
	path      string
	num       int
	raw, text []byte
	isFold    bool
}

// lines appends the lines of the file at path, read into buf, to ls,
// unless the file holds none of the literals p needs; skip is how many
// fields precede a line's text. It returns the buffer to read the next
// file into: buf again when this file was passed over.
func (m *Memory) lines(ls []line, buf []byte, path string, skip int, p *search.Pattern) ([]line, []byte, error) {
	data, err := m.st.ReadInto(path, buf)
	if err != nil {
		return nil, nil, err
	}
	if !p.Might(data) {
		return ls, data, nil
	}
	for i := 1; len(data) > 0; i++ {
		raw := data
		if j := bytes.IndexByte(data, '\n'); j >= 0 {
			raw, data = data[:j], data[j+1:]
		} else {
			data = nil
		}
		text := raw
		for range skip {
			if k := bytes.IndexByte(text, ' '); k >= 0 {
				text = text[k+1:]
			}
		}
		ls = append(ls, line{path: path, num: i, raw: raw, text: text, isFold: skip == 3})
	}
	return ls, nil, nil // the lines keep this buffer
}

// parse reads a matching line as a hit; ok is false for a forgotten
// note.
func (l line) parse() (match, bool, error) {
	if l.isFold {
		r, err := parseFold(string(l.raw))
		if err != nil {
			return match{}, false, fmt.Errorf("%s line %d: %w", l.path, l.num, err)
		}
		return match{r.Block.Lo, r.Block.Size(), foldLine(r)}, true, nil
	}
	note, err := parseNote(string(l.raw))
	if err != nil {
		return match{}, false, fmt.Errorf("%s line %d: %w", l.path, l.num, err)
	}
	return match{note.ID, 1, noteLine(note, true)}, note.Text != Forgotten, nil
}

// foldFiles lists every folds/ file.
func (m *Memory) foldFiles() ([]string, error) {
	dirs, err := m.st.List("folds")
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil // nothing folded yet
	}
	if err != nil {
		return nil, err
	}
	var out []string
	for _, d := range dirs {
		size, err := strconv.Atoi(strings.TrimSuffix(d, "/"))
		if err != nil || !strings.HasSuffix(d, "/") || size < 2 {
			continue
		}
		files, err := m.st.List("folds/" + strings.TrimSuffix(d, "/"))
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			out = append(out, "folds/"+d+f)
		}
	}
	return out, nil
}
