package notes

import (
	"fmt"

	"github.com/session-intelligence/session-intelligence/shared/ai/store/git"
)

// Change is an edit of a note, its fields already checked with
// [CheckClaim], [CheckTitle] and [CheckConfidence]; an empty field
// keeps what the note has.
type Change struct {
	Claim, Title, Confidence string
}

// Edited reports what Edit did.
type Edited struct {
	Before, After Note
	// Same is true when the note already said that: nothing changed.
	Same bool
	// Dropped are the summaries removed: the note's topic and those
	// above, which the builder writes again from the new text.
	Dropped []Topic
}

// Edit rewrites the note whose id (or unique prefix) is id with ch, in
// one commit that keeps the old text in the history. A title made from
// the old claim follows the new one; a title given stays. The summaries
// of its topic and those above are dropped, as [Notes.Remove] does.
func (n *Notes) Edit(id string, ch Change) (Edited, error) {
	var e Edited
	_, err := n.st.Update(func(tx *git.Tx) (string, error) {
		c, err := n.scan()
		if err != nil {
			return "", err
		}
		note, p, err := txNote(tx, c, id)
		if err != nil {
			return "", err
		}
		e.Before, e.After = note, apply(note, ch)
		if e.Same = string(e.Before.Format()) == string(e.After.Format()); e.Same {
			return "", nil
		}
		tx.Write(p, e.After.Format())
		if e.Dropped, err = dropSummaries(tx, note.Topic); err != nil {
			return "", err
		}
		return fmt.Sprintf("Edit %s in %s: %s", note.ID, note.Topic, clip(e.After.Title, 60)), nil
	})
	return e, err
}

// apply is note with ch made.
func apply(note Note, ch Change) Note {
	out := note
	if ch.Claim != "" {
		out.Claim = ch.Claim
		if ch.Title == "" && note.Title == titleOf(note.Claim) {
			out.Title = titleOf(ch.Claim)
		}
	}
	if ch.Title != "" {
		out.Title = ch.Title
	}
	if ch.Confidence != "" {
		out.Confidence = ch.Confidence
	}
	return out
}
