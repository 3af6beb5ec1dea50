package notes

import (
	"errors"
	"fmt"
	"path"
	"slices"

	"github.com/session-intelligence/session-intelligence/shared/ai/store/git"
)

// ErrHasNotes: a topic to remove holds notes and removing them was not
// asked for.
var ErrHasNotes = errors.New("topic holds notes")

// Removed reports what Remove did (or, from [Notes.Plan], would do).
type Removed struct {
	// Note is the id removed, "" when a topic was; Title its title.
	Note, Title string
	// Topic is the note's topic, or the topic removed.
	Topic Topic
	// Notes and Topics count what went: notes, and topics emptied.
	Notes, Topics int
	// Unlinked are the notes left that linked to a removed one and no
	// longer do.
	Unlinked []string
	// Dropped are the summaries removed with it: the topics above (and
	// the note's own), which the builder writes again without it.
	Dropped []Topic
}

// Remove deletes the note whose id (or unique prefix) is what, or, when
// what names a topic, that topic with everything below it; a topic
// holding notes is refused unless recursive. The links of the notes
// left to what was removed go, and the summaries of the topics above it
// are dropped, so that no summary keeps saying what was removed. One
// commit; the history keeps everything.
func (n *Notes) Remove(what string, recursive bool) (Removed, error) {
	var r Removed
	_, err := n.st.Update(func(tx *git.Tx) (string, error) {
		var err error
		r, err = n.removeIn(tx, what, recursive)
		if err != nil {
			return "", err
		}
		if r.Note != "" {
			return fmt.Sprintf("Remove note %s from %s: %s", r.Note, r.Topic, clip(r.Title, 60)), nil
		}
		return fmt.Sprintf("Remove topic %s (%s)", r.Topic, plural(r.Notes, "note")), nil
	})
	return r, err
}

// Plan is what Remove would do, for a confirmation; nothing changes.
func (n *Notes) Plan(what string, recursive bool) (Removed, error) {
	c, err := n.scan()
	if err != nil {
		return Removed{}, err
	}
	if t, id, ok := resolveNote(c, what); ok {
		note, _, err := n.readNote(notePath(t, id), t, nil)
		return Removed{Note: id, Title: note.Title, Topic: t, Notes: 1}, err
	}
	t, k, topics, err := removableTopic(c, what, recursive)
	return Removed{Topic: t, Notes: k, Topics: topics}, err
}

func (n *Notes) removeIn(tx *git.Tx, what string, recursive bool) (Removed, error) {
	c, err := n.scan()
	if err != nil {
		return Removed{}, err
	}
	if t, id, ok := resolveNote(c, what); ok {
		note, p, err := txNote(tx, c, id)
		if err != nil {
			return Removed{}, err
		}
		tx.Remove(p)
		r := Removed{Note: id, Title: note.Title, Topic: t, Notes: 1}
		if r.Unlinked, err = unlink(tx, c, map[string]bool{id: true}, map[string][]string{id: note.Links}); err != nil {
			return r, err
		}
		r.Dropped, err = dropSummaries(tx, t)
		return r, err
	}
	t, k, topics, err := removableTopic(c, what, recursive)
	if err != nil {
		return Removed{}, err
	}
	r := Removed{Topic: t, Notes: k, Topics: topics}
	gone, links, err := notesBelow(tx, c, t)
	if err != nil {
		return r, err
	}
	files, err := listFiles(tx, t.Path())
	if err != nil {
		return r, err
	}
	for _, rel := range files {
		tx.Remove(path.Join(t.Path(), rel))
	}
	if r.Unlinked, err = unlink(tx, c, gone, links); err != nil {
		return r, err
	}
	r.Dropped, err = dropSummaries(tx, t.Parent())
	return r, err
}

// removableTopic checks that what names a topic that may be removed,
// and counts what lies below it. An id-shaped name that is no topic
// says why it is no note either.
func removableTopic(c catalog, what string, recursive bool) (Topic, int, int, error) {
	t, err := ParseTopic(what)
	if err != nil {
		return nil, 0, 0, fmt.Errorf("%s is neither a note id nor a topic: %w", clip(what, 60), err)
	}
	if _, err := c.topic(t); err != nil {
		if idShaped(what) {
			if _, _, ferr := c.find(what); !errors.Is(ferr, ErrNoSuchNote) {
				return nil, 0, 0, ferr
			}
			return nil, 0, 0, fmt.Errorf("%w %s (and no topic of that name); the tree: ai notes", ErrNoSuchNote, what)
		}
		return nil, 0, 0, fmt.Errorf("%w; the tree: ai notes", err)
	}
	k, subs := c.count(t)
	if k > 0 && !recursive {
		return nil, 0, 0, fmt.Errorf("%w: %s holds %s; to remove it with all of them: ai notes rm --recursive %s",
			ErrHasNotes, t, counts(k, subs), t)
	}
	return t, k, subs + 1, nil
}

// notesBelow lists the ids of the notes in t and below, and the links
// each holds.
func notesBelow(tx *git.Tx, c catalog, t Topic) (map[string]bool, map[string][]string, error) {
	gone, links := map[string]bool{}, map[string][]string{}
	for _, d := range c {
		if !d.Topic.Within(t) {
			continue
		}
		for _, id := range d.Notes {
			note, _, err := txNote(tx, c, id)
			if err != nil {
				return nil, nil, err
			}
			gone[id], links[id] = true, note.Links
		}
	}
	return gone, links, nil
}

// unlink removes the links to the gone notes from the notes left that
// hold them (links go both ways, so the gone notes' own links name
// them), and returns those notes' ids, sorted.
func unlink(tx *git.Tx, c catalog, gone map[string]bool, links map[string][]string) ([]string, error) {
	others := map[string]bool{}
	for _, ls := range links {
		for _, l := range ls {
			if !gone[l] {
				others[l] = true
			}
		}
	}
	var out []string
	for id := range others {
		note, p, err := txNote(tx, c, id)
		if errors.Is(err, ErrNoSuchNote) {
			continue // a link to a note this store never had
		}
		if err != nil {
			return nil, err
		}
		kept := slices.DeleteFunc(slices.Clone(note.Links), func(l string) bool { return gone[l] })
		if len(kept) == len(note.Links) {
			continue
		}
		note.Links = kept
		tx.Write(p, note.Format())
		out = append(out, id)
	}
	slices.Sort(out)
	return out, nil
}

// dropSummaries removes the summaries of t and every topic above it,
// and prunes the topics left empty; it returns the topics whose
// summary went, deepest first.
func dropSummaries(tx *git.Tx, t Topic) ([]Topic, error) {
	if err := pruneEmpty(tx, t); err != nil {
		return nil, err
	}
	var out []Topic
	for ; len(t) > 0; t = t.Parent() {
		if _, err := tx.Read(summaryPath(t)); err == nil {
			tx.Remove(summaryPath(t))
			if files, err := listFiles(tx, t.Path()); err == nil && len(files) > 0 {
				out = append(out, slices.Clone(t))
			}
		}
	}
	return out, nil
}
