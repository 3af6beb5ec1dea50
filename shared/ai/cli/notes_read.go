package cli

import (
	"errors"

	"github.com/session-intelligence/session-intelligence/shared/ai/notes"
	"github.com/session-intelligence/session-intelligence/shared/ai/search"
)

// NotesZoomCmd is `ai notes zoom TOPIC`.
type NotesZoomCmd struct {
	Topic string `arg:"" help:"A topic, dotted: physics.qm."`
}

// Run prints the topic; a stale summary starts the builder.
func (c *NotesZoomCmd) Run(d *deps) error {
	t, err := notes.ParseTopic(c.Topic)
	if err != nil {
		return err
	}
	n, err := d.openNotes()
	if err != nil {
		return err
	}
	v, err := n.Zoom(t)
	if err != nil {
		return err
	}
	if v.Unsummarised {
		v.Text += d.summariesSay(n, d.summariseLater(n))
	}
	return d.show(v.Text)
}

// NotesGrepCmd is `ai notes grep REGEX`.
type NotesGrepCmd struct {
	Regex string `arg:"" help:"An RE2 regular expression; (?i) ignores case. At most 1,000 bytes; a search prints at most 2,000 matches and stops after 5 s."`
}

// Run prints every matching note line and summary, then the count.
func (c *NotesGrepCmd) Run(d *deps) error {
	p, err := search.Compile(c.Regex)
	if err != nil {
		return err
	}
	n, err := d.openNotes()
	if err != nil {
		return err
	}
	v, err := n.Grep(p, search.NewBudget(nil))
	if err != nil && !errors.Is(err, search.ErrTooSlow) {
		return err
	}
	if serr := d.show(v.Text); serr != nil {
		return serr
	}
	return err
}

// NotesShowCmd is `ai notes show ID`.
type NotesShowCmd struct {
	ID string `arg:"" help:"A note's id, or enough of its start to name one note."`
}

// Run prints the note's file and its links.
func (c *NotesShowCmd) Run(d *deps) error {
	n, err := d.openNotes()
	if err != nil {
		return err
	}
	v, err := n.Show(c.ID)
	if err != nil {
		return err
	}
	return d.show(v.Text)
}
