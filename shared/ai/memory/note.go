package memory

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/session-intelligence/session-intelligence/shared/ai/store/git"
)

// Errors of a note's text.
var (
	ErrEmpty   = errors.New("empty note")
	ErrLines   = errors.New("a note is one line")
	ErrTooLong = errors.New("note too long")
)

// CheckNote cleans and checks a note's text: surrounding space trimmed,
// one line, valid UTF-8, at most entryChars+[ExtraChars] characters. Tabs
// and other control characters become spaces.
func CheckNote(text string, entryChars int) (string, error) {
	if !utf8.ValidString(text) {
		return "", errors.New("note is not valid UTF-8")
	}
	text = strings.TrimSpace(text)
	if text == "" {
		return "", fmt.Errorf("%w: write what you learned", ErrEmpty)
	}
	if n := strings.Count(text, "\n"); n > 0 {
		return "", fmt.Errorf("%w, not %d: merge the lines, or note them separately", ErrLines, n+1)
	}
	if text == Forgotten {
		return "", fmt.Errorf("%w: %s is what a forgotten note says; write what you learned", ErrEmpty, Forgotten)
	}
	if n := utf8.RuneCountInString(text); n > entryChars+ExtraChars {
		return "", fmt.Errorf("%w: %d characters; a note aims at %d and at most %d are accepted: shorten it",
			ErrTooLong, n, entryChars, entryChars+ExtraChars)
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, text), nil
}

// Add records text (already checked with [CheckNote]) as the next note,
// in one commit, and returns it.
func (m *Memory) Add(text string) (Note, error) {
	var note Note
	_, err := m.st.Update(func(tx *git.Tx) (string, error) {
		next, tail, err := lastSegment(tx)
		if err != nil {
			return "", err
		}
		note = Note{ID: next, Time: m.now(), Text: text}
		if next%SegmentNotes == 0 {
			tail = nil
		}
		tx.Write(segmentPath(next), append(tail, formatNote(note)...))
		return fmt.Sprintf("Note #%d: %s", note.ID, clip(text, 60)), nil
	})
	m.forget()
	return note, err
}

// lastSegment returns the id the next note gets and the content of the
// newest segment, checked.
func lastSegment(tx *git.Tx) (next int, data []byte, err error) {
	names, err := tx.List("notes")
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return 0, nil, err
	}
	last := -1
	for _, name := range names {
		if id, ok := segmentID(name); ok {
			last = max(last, id)
		}
	}
	if last < 0 {
		return 0, nil, nil
	}
	path := segmentPath(last)
	data, err = tx.Read(path)
	if err != nil {
		return 0, nil, err
	}
	notes, err := parseSegment(path, last, data)
	if err != nil {
		return 0, nil, err
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		return 0, nil, fmt.Errorf("%s: last line is unterminated", path)
	}
	return last + len(notes), data, nil
}

// Import appends texts as notes stamped at, in one commit: for seeding
// a memory in bulk (benchmarks, moving notes from elsewhere).
func (m *Memory) Import(texts []string, at time.Time) error {
	_, err := m.st.Update(func(tx *git.Tx) (string, error) {
		next, tail, err := lastSegment(tx)
		if err != nil {
			return "", err
		}
		first := next
		for _, text := range texts {
			if next%SegmentNotes == 0 {
				tail = nil
			}
			tail = append(tail, formatNote(Note{ID: next, Time: at, Text: text})...)
			next++
			if next%SegmentNotes == 0 || next == first+len(texts) {
				tx.Write(segmentPath(next-1), tail)
			}
		}
		return fmt.Sprintf("Import %d notes", len(texts)), nil
	})
	m.forget()
	return err
}

// clip shortens s to at most n characters, marking the cut with "…".
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
