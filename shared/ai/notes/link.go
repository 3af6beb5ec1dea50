package notes

import (
	"fmt"
	"slices"

	"github.com/session-intelligence/session-intelligence/shared/ai/store/git"
)

// Linked reports what Link did.
type Linked struct {
	A, B Note
	// Already is true when the two were linked before: nothing changed.
	Already bool
}

// Link links two notes (ids or unique prefixes) both ways, in one
// commit: each note's links name the other.
func (n *Notes) Link(a, b string) (Linked, error) {
	var res Linked
	_, err := n.st.Update(func(tx *git.Tx) (string, error) {
		c, err := n.scan()
		if err != nil {
			return "", err
		}
		na, pa, err := txNote(tx, c, a)
		if err != nil {
			return "", err
		}
		nb, pb, err := txNote(tx, c, b)
		if err != nil {
			return "", err
		}
		if na.ID == nb.ID {
			return "", fmt.Errorf("cannot link note %s to itself", na.ID)
		}
		res.Already = slices.Contains(na.Links, nb.ID) && slices.Contains(nb.Links, na.ID)
		if res.Already {
			res.A, res.B = na, nb
			return "", nil
		}
		if len(na.Links) >= MaxLinks || len(nb.Links) >= MaxLinks {
			return "", fmt.Errorf("a note holds at most %d links", MaxLinks)
		}
		na.Links, nb.Links = addLink(na.Links, nb.ID), addLink(nb.Links, na.ID)
		res.A, res.B = na, nb
		tx.Write(pa, na.Format())
		tx.Write(pb, nb.Format())
		return fmt.Sprintf("Link %s and %s", na.ID, nb.ID), nil
	})
	return res, err
}

// txNote finds and reads a note inside a transaction.
func txNote(tx *git.Tx, c catalog, id string) (Note, string, error) {
	t, full, err := c.find(id)
	if err != nil {
		return Note{}, "", err
	}
	p := notePath(t, full)
	data, err := tx.Read(p)
	if err != nil {
		return Note{}, "", err
	}
	note, err := ParseNote(p, data)
	note.Topic = t
	return note, p, err
}

func addLink(links []string, id string) []string {
	if slices.Contains(links, id) {
		return links
	}
	links = append(slices.Clone(links), id)
	slices.Sort(links)
	return links
}
