package cli

import (
	"fmt"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ai/memory"
)

// MemoryForgetCmd is `ai memory forget ID`.
type MemoryForgetCmd struct {
	ID  string `arg:"" help:"The note's id, as the view prints it: 17."`
	Yes bool   `help:"Do not ask (needed when not on a terminal)."`
}

// Run forgets the note, after asking on a terminal.
func (c *MemoryForgetCmd) Run(d *deps) error {
	m, note, err := d.correctable(c.ID, "forget")
	if err != nil {
		return err
	}
	if err := d.confirm(fmt.Sprintf("Forget note #%d (%q)", note.ID, clipWords(note.Text, 80)), c.Yes); err != nil {
		return err
	}
	ch, err := m.Forget(note.ID)
	if err != nil {
		return err
	}
	fmt.Fprintf(d.Stdout, "forgot #%d in commit %s; the commit before it keeps the text\n", note.ID, short(ch.Commit))
	return d.afterCorrection(m, ch)
}

// MemoryEditCmd is `ai memory edit ID [TEXT]`.
type MemoryEditCmd struct {
	ID   string   `arg:"" help:"The note's id, as the view prints it: 17."`
	Text []string `arg:"" optional:"" help:"The new text: one line, as ai memory note takes. Without it, read from stdin, or on a terminal edited in $VISUAL or $EDITOR; - reads stdin."`
	Yes  bool     `help:"Do not ask (needed when not on a terminal)."`
}

// Run replaces the note's text, after asking on a terminal.
func (c *MemoryEditCmd) Run(d *deps) error {
	m, note, err := d.correctable(c.ID, "edit")
	if err != nil {
		return err
	}
	text, err := d.newText("ai memory edit "+c.ID, c.Text, note.Text, maxStdinNote, false)
	if err != nil {
		return err
	}
	if text, err = memory.CheckNote(text, d.Settings.Memory.EntryChars); err != nil {
		return err
	}
	if text == note.Text {
		fmt.Fprintf(d.Stdout, "note #%d already says that; nothing changed\n", note.ID)
		return nil
	}
	question := fmt.Sprintf("Replace note #%d %q with %q", note.ID, clipWords(note.Text, 80), clipWords(text, 80))
	if err := d.confirm(question, c.Yes); err != nil {
		return err
	}
	ch, err := m.Edit(note.ID, text)
	if err != nil {
		return err
	}
	fmt.Fprintf(d.Stdout, "edited #%d in commit %s; the commit before it keeps the old text\n", note.ID, short(ch.Commit))
	return d.afterCorrection(m, ch)
}

// correctable opens the memory and reads the note id names, refusing
// a range and a forgotten note before anything is asked.
func (d *deps) correctable(id, verb string) (*memory.Memory, memory.Note, error) {
	b, err := memory.ParseBlock(id)
	if err != nil {
		return nil, memory.Note{}, err
	}
	if b.Size() > 1 {
		return nil, memory.Note{}, fmt.Errorf("%w: #%s is a summary of %d notes; %s its notes one by one (ai memory zoom %s lists them), and the summary is folded again",
			memory.ErrRange, b, b.Size(), verb, b)
	}
	m, err := d.openMemory()
	if err != nil {
		return nil, memory.Note{}, err
	}
	note, err := m.Note(b.Lo)
	if err != nil {
		return nil, memory.Note{}, err
	}
	if note.Text == memory.Forgotten {
		if verb == "forget" {
			return nil, memory.Note{}, fmt.Errorf("note #%d is %w; nothing changed", note.ID, memory.ErrForgotten)
		}
		return nil, memory.Note{}, fmt.Errorf("note #%d is forgotten: record what is true with ai memory note", note.ID)
	}
	return m, note, nil
}

// afterCorrection says which summaries went and what becomes of the
// ranges the view now shows unfolded.
func (d *deps) afterCorrection(m *memory.Memory, ch memory.Changed) error {
	if len(ch.Refold) > 0 {
		names := make([]string, len(ch.Refold))
		for i, b := range ch.Refold {
			names[i] = "#" + b.String()
		}
		fmt.Fprintf(d.Stdout, "dropped the summaries that covered it: %s\n", strings.Join(names, ", "))
	}
	v, err := m.View(d.Settings.Memory.ViewLines)
	if err != nil {
		return err
	}
	if v.Unfolded > 0 {
		fmt.Fprint(d.Stdout, d.foldSays(m, d.foldLater(m), v.Unfolded))
	}
	return nil
}

// clipWords shortens s to n characters for a question.
func clipWords(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
