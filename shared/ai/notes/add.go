package notes

import (
	"fmt"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/store/git"
)

// Draft is a note to file, its fields already checked with [CheckClaim],
// [CheckTitle] and [CheckConfidence].
type Draft struct {
	Topic      Topic
	Claim      string
	Title      string
	Confidence string
}

// Add files d under its topic as a new note, in one commit, and returns
// it. Only the topic's directory is looked at (see [NewID]).
func (n *Notes) Add(d Draft) (Note, error) {
	if len(d.Topic) == 0 {
		return Note{}, fmt.Errorf("%w: a note is filed under a topic, like physics.qm", ErrBadTopic)
	}
	var note Note
	_, err := n.st.Update(func(tx *git.Tx) (string, error) {
		now := n.now()
		id, err := n.freshID(func(id string) bool { return n.exists(notePath(d.Topic, id)) }, now)
		if err != nil {
			return "", err
		}
		note = Note{ID: id, Topic: d.Topic, Title: d.Title, Confidence: d.Confidence,
			Created: now, Claim: d.Claim}
		tx.Write(notePath(d.Topic, id), note.Format())
		return fmt.Sprintf("Add %s to %s: %s", id, d.Topic, clip(d.Title, 60)), nil
	})
	return note, err
}

// freshID makes an id that taken refuses.
func (n *Notes) freshID(taken func(string) bool, now time.Time) (string, error) {
	for range 20 {
		if id := n.newID(now); !taken(id) {
			return id, nil
		}
	}
	return "", fmt.Errorf("could not make a new note id in %s", n.Dir())
}

// Import files drafts as new notes stamped at, in one commit: for
// seeding a store in bulk (benchmarks, moving notes from elsewhere).
func (n *Notes) Import(drafts []Draft, at time.Time) ([]string, error) {
	ids := make([]string, 0, len(drafts))
	_, err := n.st.Update(func(tx *git.Tx) (string, error) {
		c, err := n.scan()
		if err != nil {
			return "", err
		}
		seen := map[string]bool{}
		for _, d := range drafts {
			if len(d.Topic) == 0 {
				return "", fmt.Errorf("%w: a note is filed under a topic", ErrBadTopic)
			}
			id, err := n.freshID(func(id string) bool { return seen[id] || c.has(id) }, at)
			if err != nil {
				return "", err
			}
			seen[id] = true
			note := Note{ID: id, Topic: d.Topic, Title: d.Title, Confidence: d.Confidence, Created: at, Claim: d.Claim}
			tx.Write(notePath(d.Topic, id), note.Format())
			ids = append(ids, id)
		}
		return fmt.Sprintf("Import %d notes", len(drafts)), nil
	})
	return ids, err
}
