package cli

import (
	"fmt"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ai/notes"
)

// NotesRmCmd is `ai notes rm ID|TOPIC`.
type NotesRmCmd struct {
	What      string `arg:"" help:"A note's id (or enough of its start), or a topic."`
	Recursive bool   `short:"r" help:"Remove a topic that holds notes, with all of them."`
	Yes       bool   `help:"Do not ask (needed when not on a terminal)."`
}

// Run removes the note or the topic in one commit, after asking on a
// terminal.
func (c *NotesRmCmd) Run(d *deps) error {
	n, err := d.openNotes()
	if err != nil {
		return err
	}
	plan, err := n.Plan(c.What, c.Recursive)
	if err != nil {
		return err
	}
	question := fmt.Sprintf("Remove note %s (%q) from %s", plan.Note, plan.Title, plan.Topic)
	if plan.Note == "" {
		question = fmt.Sprintf("Remove topic %s with %s in %s", plan.Topic, countOf(plan.Notes, "note"), countOf(plan.Topics, "topic"))
	}
	if err := d.confirm(question, c.Yes); err != nil {
		return err
	}
	r, err := n.Remove(c.What, c.Recursive)
	if err != nil {
		return err
	}
	if r.Note != "" {
		fmt.Fprintf(d.Stdout, "removed note %s (%s) from %s\n", r.Note, r.Title, r.Topic)
	} else {
		fmt.Fprintf(d.Stdout, "removed topic %s: %s in %s\n", r.Topic, countOf(r.Notes, "note"), countOf(r.Topics, "topic"))
	}
	if len(r.Unlinked) > 0 {
		fmt.Fprintf(d.Stdout, "unlinked it from %s\n", strings.Join(r.Unlinked, ", "))
	}
	return d.afterNotesChange(n, r.Dropped)
}

// NotesEditCmd is `ai notes edit ID [CLAIM]`.
type NotesEditCmd struct {
	ID         string   `arg:"" help:"A note's id, or enough of its start to name one note."`
	Claim      []string `arg:"" optional:"" help:"The new claim. Without it (and without --title or --confidence), read from stdin, or on a terminal edited in $VISUAL or $EDITOR; - reads stdin."`
	Title      string   `help:"A new title (default: kept, or made from the new claim when it was made from the old one)."`
	Confidence string   `help:"A new confidence: guess, likely, verified or disputed."`
	Yes        bool     `help:"Do not ask (needed when not on a terminal)."`
}

// Run rewrites the note in one commit, after asking on a terminal.
func (c *NotesEditCmd) Run(d *deps) error {
	if err := notes.CheckConfidence(c.Confidence); err != nil {
		return err
	}
	n, err := d.openNotes()
	if err != nil {
		return err
	}
	note, err := n.Get(c.ID)
	if err != nil {
		return err
	}
	ch, err := c.change(d, note)
	if err != nil {
		return err
	}
	question := fmt.Sprintf("Rewrite note %s in %s", note.ID, note.Topic)
	if ch.Claim != "" {
		question += fmt.Sprintf(": %q becomes %q", clipWords(oneLine(note.Claim), 60), clipWords(oneLine(ch.Claim), 60))
	}
	if err := d.confirm(question, c.Yes); err != nil {
		return err
	}
	e, err := n.Edit(note.ID, ch)
	if err != nil {
		return err
	}
	if e.Same {
		fmt.Fprintf(d.Stdout, "note %s already says that; nothing changed\n", note.ID)
		return nil
	}
	fmt.Fprintf(d.Stdout, "edited %s in %s: %s\n", note.ID, note.Topic, e.After.Title)
	return d.afterNotesChange(n, e.Dropped)
}

// change reads and checks the edit before the store is touched.
func (c *NotesEditCmd) change(d *deps, note notes.Note) (notes.Change, error) {
	flagsOnly := c.Title != "" || c.Confidence != ""
	claim, err := d.newText("ai notes edit "+string(note.ID), c.Claim, note.Claim, maxStdinClaim, flagsOnly)
	if err != nil {
		return notes.Change{}, err
	}
	ch := notes.Change{Confidence: c.Confidence}
	if claim != "" || !flagsOnly {
		if ch.Claim, err = notes.CheckClaim(claim); err != nil {
			return notes.Change{}, err
		}
	}
	if c.Title != "" {
		if ch.Title, err = notes.CheckTitle(c.Title, ch.Claim); err != nil {
			return notes.Change{}, err
		}
	}
	return ch, nil
}

// afterNotesChange says which summaries went and what becomes of the
// topics now without a current one.
func (d *deps) afterNotesChange(n *notes.Notes, dropped []notes.Topic) error {
	if len(dropped) > 0 {
		names := make([]string, len(dropped))
		for i, t := range dropped {
			names[i] = t.String()
		}
		fmt.Fprintf(d.Stdout, "dropped the summaries of %s\n", strings.Join(names, ", "))
	}
	stale, err := n.Stale()
	if err != nil || len(stale) == 0 {
		return err
	}
	fmt.Fprint(d.Stdout, d.summariesSay(n, d.summariseLater(n)))
	return nil
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
