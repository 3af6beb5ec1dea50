package notes

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
)

// topicDir is what one topic's directory holds, from the names alone.
type topicDir struct {
	Topic   Topic
	Notes   []string // ids, oldest first
	Subs    []string // subtopic names, sorted
	Summary bool     // has a TOPIC.md
}

// catalog is every topic of the store by its path ("" the root), read
// from directory listings only: no note is opened.
type catalog map[string]*topicDir

// scan lists the store's tree. Directories and files that are not topics
// or notes (made by hand or by another tool) are left out.
func (n *Notes) scan() (catalog, error) {
	c := catalog{}
	var walk func(t Topic) error
	walk = func(t Topic) error {
		names, err := n.st.List(t.Path())
		if err != nil {
			return fmt.Errorf("list topic %s: %w", t, err)
		}
		d := &topicDir{Topic: t}
		c[t.Path()] = d
		for _, name := range names {
			if sub, isDir := strings.CutSuffix(name, "/"); isDir {
				if checkSegment(sub) == "" && sub != "" {
					d.Subs = append(d.Subs, sub)
				}
				continue
			}
			if name == SummaryFile && len(t) > 0 {
				d.Summary = true
			} else if id, ok := idOfFile(name); ok && len(t) > 0 {
				d.Notes = append(d.Notes, id)
			}
		}
		for _, sub := range d.Subs {
			if err := walk(t.Child(sub)); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(Topic{}); err != nil {
		return nil, err
	}
	return c, nil
}

// count is how many notes lie in t and below.
func (c catalog) count(t Topic) (notes, topics int) {
	d := c[t.Path()]
	if d == nil {
		return 0, 0
	}
	notes = len(d.Notes)
	for _, sub := range d.Subs {
		n, k := c.count(t.Child(sub))
		notes, topics = notes+n, topics+k+1
	}
	return notes, topics
}

// find returns the topic of the note whose id is id or starts with it
// (at least [minPrefix] characters), and its whole id.
func (c catalog) find(id string) (Topic, string, error) {
	id = strings.ToLower(strings.TrimSpace(id))
	if len(id) < minPrefix || len(id) > IDLen || !validIDChars(id) {
		return nil, "", fmt.Errorf("bad note id %q: an id is %d characters of 0-9 and a-z, like %s",
			clip(id, 40), IDLen, "0c3k7mx9p2ab")
	}
	var hits []string
	var where []Topic
	for _, d := range c {
		for _, nid := range d.Notes {
			if strings.HasPrefix(nid, id) {
				hits, where = append(hits, nid), append(where, d.Topic)
			}
		}
	}
	switch {
	case len(hits) == 0:
		return nil, "", fmt.Errorf("%w %s", ErrNoSuchNote, id)
	case len(hits) > 1 && !slices.Contains(hits, id):
		slices.Sort(hits)
		return nil, "", fmt.Errorf("note id %s is ambiguous: %s", id, strings.Join(hits[:min(len(hits), 5)], ", "))
	case len(hits) > 1:
		return nil, "", fmt.Errorf("note %s is filed twice (%s, %s): move one of the files", id, where[0], where[1])
	}
	return where[0], hits[0], nil
}

// has reports whether any topic holds a note with the whole id.
func (c catalog) has(id string) bool {
	for _, d := range c {
		if _, ok := slices.BinarySearch(d.Notes, id); ok {
			return true
		}
	}
	return false
}

// topic returns t's directory, or ErrNoTopic.
func (c catalog) topic(t Topic) (*topicDir, error) {
	d := c[t.Path()]
	if d == nil || len(t) == 0 && len(d.Subs) == 0 {
		if len(t) == 0 {
			return nil, fmt.Errorf("%w: the tree is empty; file a note with `ai notes add TOPIC \"claim\"`", ErrNoTopic)
		}
		return nil, fmt.Errorf("%w %s", ErrNoTopic, t)
	}
	return d, nil
}

// isNotExist reports a missing file, however wrapped.
func isNotExist(err error) bool { return errors.Is(err, os.ErrNotExist) }
