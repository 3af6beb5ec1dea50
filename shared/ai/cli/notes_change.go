package cli

import (
	"fmt"

	"github.com/session-intelligence/session-intelligence/shared/ai/notes"
)

// NotesMvCmd is `ai notes mv ID|TOPIC TOPIC`.
type NotesMvCmd struct {
	What string `arg:"" help:"A note's id, or a topic."`
	To   string `arg:"" help:"The topic to move it to; a topic moved onto an existing one merges into it."`
}

// Run moves the note or the topic in one commit.
func (c *NotesMvCmd) Run(d *deps) error {
	dst, err := notes.ParseTopic(c.To)
	if err != nil {
		return err
	}
	n, err := d.openNotes()
	if err != nil {
		return err
	}
	m, err := n.Move(c.What, dst)
	if err != nil {
		return err
	}
	if m.Note != "" {
		fmt.Fprintf(d.Stdout, "moved %s from %s to %s\n", m.Note, m.From, m.To)
	} else {
		fmt.Fprintf(d.Stdout, "moved topic %s to %s (%s)\n", m.From, m.To, countOf(m.Files, "file"))
	}
	fmt.Fprint(d.Stdout, d.startedSays(d.summariseLater(n), "summary of the topics it changed"))
	return nil
}

// NotesLinkCmd is `ai notes link ID ID`.
type NotesLinkCmd struct {
	A string `arg:"" help:"A note's id."`
	B string `arg:"" help:"The note to link it with."`
}

// Run links the two notes both ways.
func (c *NotesLinkCmd) Run(d *deps) error {
	n, err := d.openNotes()
	if err != nil {
		return err
	}
	res, err := n.Link(c.A, c.B)
	if err != nil {
		return err
	}
	if res.Already {
		fmt.Fprintf(d.Stdout, "%s and %s were already linked\n", res.A.ID, res.B.ID)
		return nil
	}
	fmt.Fprintf(d.Stdout, "linked %s (%s) and %s (%s)\n", res.A.ID, res.A.Topic, res.B.ID, res.B.Topic)
	return nil
}
