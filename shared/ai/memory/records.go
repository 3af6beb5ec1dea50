package memory

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// foldRecord is one built summary.
type foldRecord struct {
	Block       Block
	First, Last time.Time
	Text        string
}

// segmentPath is the notes/ file holding note id.
func segmentPath(id int) string {
	return fmt.Sprintf("notes/%07d.txt", id-id%SegmentNotes)
}

// foldPath is the folds/ file holding the summary of b.
func foldPath(b Block) string {
	span := b.Size() * SegmentFolds
	return fmt.Sprintf("folds/%d/%07d.txt", b.Size(), b.Lo-b.Lo%span)
}

func formatNote(n Note) string {
	return fmt.Sprintf("#%d %s %s\n", n.ID, n.Time.UTC().Format(time.RFC3339), n.Text)
}

func formatFold(f foldRecord) string {
	return fmt.Sprintf("#%s %s %s %s\n", f.Block, f.First.UTC().Format(time.RFC3339),
		f.Last.UTC().Format(time.RFC3339), f.Text)
}

// parseNote reads "#ID TIME TEXT".
func parseNote(line string) (Note, error) {
	id, rest, ok1 := strings.Cut(line, " ")
	ts, text, ok2 := strings.Cut(rest, " ")
	n, err := strconv.Atoi(strings.TrimPrefix(id, "#"))
	if !ok1 || !ok2 || !strings.HasPrefix(id, "#") || err != nil {
		return Note{}, errors.New("want \"#ID TIME TEXT\"")
	}
	t, err := time.Parse(time.RFC3339, ts)
	if err != nil {
		return Note{}, fmt.Errorf("bad time %q", ts)
	}
	return Note{ID: n, Time: t, Text: text}, nil
}

// parseFold reads "#LO-HI FIRST LAST TEXT".
func parseFold(line string) (foldRecord, error) {
	f := strings.SplitN(line, " ", 4)
	if len(f) != 4 || !strings.HasPrefix(f[0], "#") {
		return foldRecord{}, errors.New("want \"#FIRST-LAST TIME TIME TEXT\"")
	}
	b, err := ParseBlock(f[0])
	if err != nil || b.Size() < 2 {
		return foldRecord{}, fmt.Errorf("bad run %q", f[0])
	}
	first, err1 := time.Parse(time.RFC3339, f[1])
	last, err2 := time.Parse(time.RFC3339, f[2])
	if err1 != nil || err2 != nil {
		return foldRecord{}, errors.New("bad time")
	}
	return foldRecord{Block: b, First: first, Last: last, Text: f[3]}, nil
}

// lines splits file content into lines without their newline; a last
// line without a newline is kept.
func lines(data []byte) []string {
	s := strings.TrimSuffix(string(data), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// segment returns the notes of the segment starting at first, parsed and
// checked (ids must run on from first).
func (m *Memory) segment(first int) ([]Note, error) {
	if notes, ok := m.notes[first]; ok {
		return notes, nil
	}
	path := segmentPath(first)
	data, err := m.st.Read(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	notes, err := parseSegment(path, first, data)
	if err != nil {
		return nil, err
	}
	m.notes[first] = notes
	return notes, nil
}

func parseSegment(path string, first int, data []byte) ([]Note, error) {
	ls := lines(data)
	notes := make([]Note, 0, len(ls))
	for i, line := range ls {
		n, err := parseNote(line)
		if err == nil && n.ID != first+i {
			err = fmt.Errorf("note #%d where #%d belongs", n.ID, first+i)
		}
		if err != nil {
			return nil, fmt.Errorf("%s line %d: %w", path, i+1, err)
		}
		notes = append(notes, n)
	}
	return notes, nil
}

// Count returns the number of notes.
func (m *Memory) Count() (int, error) {
	if m.count >= 0 {
		return m.count, nil
	}
	names, err := m.st.List("notes")
	if errors.Is(err, os.ErrNotExist) {
		m.count = 0
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	last := -1
	for _, name := range names {
		if id, ok := segmentID(name); ok {
			last = max(last, id)
		}
	}
	if last < 0 {
		m.count = 0
		return 0, nil
	}
	notes, err := m.segment(last)
	if err != nil {
		return 0, err
	}
	m.count = last + len(notes)
	return m.count, nil
}

// segmentID reads the first note id from a notes/ file name.
func segmentID(name string) (int, bool) {
	digits, ok := strings.CutSuffix(name, ".txt")
	id, err := strconv.Atoi(digits)
	if !ok || err != nil || len(digits) != 7 || id%SegmentNotes != 0 {
		return 0, false
	}
	return id, true
}

// Note returns note id.
func (m *Memory) Note(id int) (Note, error) {
	notes, err := m.segment(id - id%SegmentNotes)
	if err != nil {
		return Note{}, err
	}
	if id < 0 || id%SegmentNotes >= len(notes) {
		n, _ := m.Count()
		if n == 0 {
			return Note{}, fmt.Errorf("%w #%d: the memory has no notes yet", ErrBadID, id)
		}
		return Note{}, fmt.Errorf("%w #%d: the memory has %d notes (#0-#%d)", ErrBadID, id, n, n-1)
	}
	return notes[id%SegmentNotes], nil
}

// Notes returns notes [lo, hi).
func (m *Memory) Notes(lo, hi int) ([]Note, error) {
	out := make([]Note, 0, max(hi-lo, 0))
	for id := lo; id < hi; {
		first := id - id%SegmentNotes
		notes, err := m.segment(first)
		if err != nil {
			return nil, err
		}
		end := min(hi, first+len(notes))
		if end <= id {
			return nil, fmt.Errorf("%w #%d: no such note", ErrBadID, id)
		}
		out = append(out, notes[id-first:end-first]...)
		id = end
	}
	return out, nil
}

// fold returns the summary of b, if built.
func (m *Memory) fold(b Block) (foldRecord, bool, error) {
	path := foldPath(b)
	if !m.read[path] {
		data, err := m.st.Read(path)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return foldRecord{}, false, err
		}
		recs, err := parseFolds(path, data)
		if err != nil {
			return foldRecord{}, false, err
		}
		for _, r := range recs {
			m.folds[r.Block] = r
		}
		m.read[path] = true
	}
	r, ok := m.folds[b]
	return r, ok, nil
}

func parseFolds(path string, data []byte) ([]foldRecord, error) {
	var out []foldRecord
	for i, line := range lines(data) {
		r, err := parseFold(line)
		if err != nil {
			return nil, fmt.Errorf("%s line %d: %w", path, i+1, err)
		}
		out = append(out, r)
	}
	return out, nil
}

// hasLine reports whether data holds a line starting with prefix.
func hasLine(data []byte, prefix string) bool {
	return bytes.HasPrefix(data, []byte(prefix)) || bytes.Contains(data, []byte("\n"+prefix))
}
