package memory

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ai/store/git"
)

// Forgotten is the text a forgotten note keeps: its id and time stay,
// so that the ids after it and the runs that cover it do not move. No
// note may be recorded with this text.
const Forgotten = "(forgotten)"

// Errors of a correction.
var (
	ErrForgotten = errors.New("already forgotten")
	ErrRange     = errors.New("not a note")
)

// Changed reports what Forget or Edit did.
type Changed struct {
	Before, After Note
	// Refold are the summaries that covered the note, removed so that
	// the folder writes them again from what the notes say now (oldest
	// first, shorter first).
	Refold []Block
	// Same is true when the note already said that: nothing changed.
	Same bool
	// Commit is the commit that made the change.
	Commit string
}

// Forget replaces note id's text with [Forgotten] and removes the
// summaries that covered it, in one commit; the history keeps the text.
func (m *Memory) Forget(id int) (Changed, error) {
	return m.rewrite(id, Forgotten, func(c Changed) string {
		return fmt.Sprintf("Forget #%d%s", id, refoldNote(c.Refold))
	})
}

// Edit replaces note id's text (already checked with [CheckNote]) and
// removes the summaries that covered it, in one commit; the history
// keeps the old text.
func (m *Memory) Edit(id int, text string) (Changed, error) {
	return m.rewrite(id, text, func(c Changed) string {
		return fmt.Sprintf("Edit #%d: %s%s", id, clip(text, 60), refoldNote(c.Refold))
	})
}

func refoldNote(bs []Block) string {
	if len(bs) == 0 {
		return ""
	}
	return "; refold " + blockNames(bs)
}

// blockNames is "#0-1, #0-3".
func blockNames(bs []Block) string {
	names := make([]string, len(bs))
	for i, b := range bs {
		names[i] = "#" + b.String()
	}
	return strings.Join(names, ", ")
}

// rewrite sets note id's text in its segment and drops the folds that
// cover it, in one commit named by message.
func (m *Memory) rewrite(id int, text string, message func(Changed) string) (Changed, error) {
	var c Changed
	hash, err := m.st.Update(func(tx *git.Tx) (string, error) {
		first := id - id%SegmentNotes
		path := segmentPath(first)
		data, err := tx.Read(path)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return "", err
		}
		notes, err := parseSegment(path, first, data)
		if err != nil {
			return "", err
		}
		if id < 0 || id%SegmentNotes >= len(notes) {
			return "", m.noSuchNote(tx, id)
		}
		c.Before = notes[id%SegmentNotes]
		switch {
		case c.Before.Text == Forgotten && text == Forgotten:
			return "", fmt.Errorf("note #%d is %w; nothing changed", id, ErrForgotten)
		case c.Before.Text == Forgotten:
			return "", fmt.Errorf("note #%d is forgotten: record what is true with ai memory note", id)
		case c.Before.Text == text:
			c.After, c.Same = c.Before, true
			return "", nil
		}
		c.After = c.Before
		c.After.Text = text
		notes[id%SegmentNotes] = c.After
		var out []byte
		for _, n := range notes {
			out = append(out, formatNote(n)...)
		}
		tx.Write(path, out)
		if c.Refold, err = dropCovering(tx, id); err != nil {
			return "", err
		}
		return message(c), nil
	})
	m.forget()
	c.Commit = hash
	return c, err
}

// noSuchNote is the error of an id past the last note.
func (m *Memory) noSuchNote(tx *git.Tx, id int) error {
	next, _, err := lastSegment(tx)
	if err != nil {
		return err
	}
	if next == 0 {
		return fmt.Errorf("%w #%d: the memory has no notes yet", ErrBadID, id)
	}
	return fmt.Errorf("%w #%d: the memory has %d notes (#0-#%d)", ErrBadID, id, next, next-1)
}

// dropCovering removes every built summary of a run holding note id:
// of each length folded, the aligned run that contains it.
func dropCovering(tx *git.Tx, id int) ([]Block, error) {
	dirs, err := tx.List("folds")
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	var sizes []int
	for _, d := range dirs {
		if size, err := strconv.Atoi(strings.TrimSuffix(d, "/")); err == nil && size >= 2 && strings.HasSuffix(d, "/") {
			sizes = append(sizes, size)
		}
	}
	slices.Sort(sizes)
	var out []Block
	for _, size := range sizes {
		b := Block{id - id%size, id - id%size + size}
		path := foldPath(b)
		data, err := tx.Read(path)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		recs, err := parseFolds(path, data)
		if err != nil {
			return nil, err
		}
		kept := recs[:0]
		for _, r := range recs {
			if r.Block == b {
				out = append(out, b)
				continue
			}
			kept = append(kept, r)
		}
		if len(kept) == len(recs) {
			continue
		}
		if len(kept) == 0 {
			tx.Remove(path)
			continue
		}
		var buf strings.Builder
		for _, r := range kept {
			buf.WriteString(formatFold(r))
		}
		tx.Write(path, []byte(buf.String()))
	}
	return out, nil
}
