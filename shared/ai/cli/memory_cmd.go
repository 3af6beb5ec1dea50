package cli

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ai/memory"
	"github.com/session-intelligence/session-intelligence/shared/ai/settings"
)

// MemoryCmd is `ai memory …`.
type MemoryCmd struct {
	Init   MemoryInitCmd   `cmd:"" help:"Create the memory and print the block for your agent's instructions."`
	Note   MemoryNoteCmd   `cmd:"" help:"Record one line (or pipe it on stdin)."`
	View   MemoryViewCmd   `cmd:"" help:"The whole memory as one short view."`
	Zoom   MemoryZoomCmd   `cmd:"" help:"Open a line of the view: a note, or a folded range into its halves."`
	Grep   MemoryGrepCmd   `cmd:"" help:"Search every note and summary with a regular expression (RE2)."`
	Forget MemoryForgetCmd `cmd:"" help:"Forget a note: its text leaves the memory (the git history keeps it); the summaries that covered it are folded again."`
	Edit   MemoryEditCmd   `cmd:"" help:"Correct a note's text (given, on stdin, or in $EDITOR on a terminal); the summaries that covered it are folded again."`
	Config MemoryConfigCmd `cmd:"" help:"The memory's sizes in effect and where they come from."`
	Fold   MemoryFoldCmd   `cmd:"" hidden:"" help:"Write the summaries the view needs now (normally done in the background)."`
}

// maxStdinNote caps a note read from stdin.
const maxStdinNote = 64 << 10

// memoryDir is $AI_MEMORY_DIR, else ~/.ai/memory.
func (d *deps) memoryDir() string {
	if dir := d.Getenv("AI_MEMORY_DIR"); dir != "" {
		return d.abs(dir)
	}
	return filepath.Join(d.Home, ".ai", "memory")
}

// openMemory opens the store, reporting an upgrade on stderr.
func (d *deps) openMemory() (*memory.Memory, error) {
	m, up, err := memory.Open(d.memoryDir(), d.Now)
	if err != nil {
		return nil, err
	}
	if up != nil {
		fmt.Fprintf(d.Stderr, "ai: upgraded the memory at %s from format %d to %d; commit %s holds its previous state\n",
			d.pretty(m.Dir()), up.From, up.To, short(up.Previous))
	}
	return m, nil
}

func (d *deps) pretty(p string) string { return settings.Pretty(p, d.Home) }

func short(hash string) string { return hash[:min(len(hash), 12)] }

// MemoryInitCmd is `ai memory init`.
type MemoryInitCmd struct{}

// Run creates the memory (or finds it) and prints the instructions block.
func (c *MemoryInitCmd) Run(d *deps) error {
	dir := d.memoryDir()
	m, created, err := memory.Init(dir, d.Now)
	if err != nil {
		return err
	}
	if created {
		fmt.Fprintf(d.Stdout, "Created the memory at %s.\n", d.pretty(m.Dir()))
	} else {
		if m, err = d.openMemory(); err != nil {
			return err
		}
		fmt.Fprintf(d.Stdout, "The memory at %s already exists; nothing changed.\n", d.pretty(m.Dir()))
	}
	fmt.Fprintf(d.Stdout, "Paste this block at the top of your agent's instructions (CLAUDE.md, AGENTS.md):\n\n%s",
		memory.Instructions(d.pretty(m.Dir()), d.Settings.Memory.EntryChars))
	return nil
}

// MemoryNoteCmd is `ai memory note "…"`.
type MemoryNoteCmd struct {
	Text []string `arg:"" optional:"" passthrough:"" help:"The note: one line, about memory.entry-chars characters. Without it, read from stdin."`
}

// Run records the note and starts the background fold.
func (c *MemoryNoteCmd) Run(d *deps) error {
	text := strings.Join(c.Text, " ")
	if len(c.Text) == 0 || text == "-" {
		if err := d.stdinGuard(c.Text, "note", "ai memory note"); err != nil {
			return err
		}
		data, err := io.ReadAll(io.LimitReader(d.Stdin, maxStdinNote+1))
		if err != nil {
			return fmt.Errorf("read the note from stdin: %w", err)
		}
		if len(data) > maxStdinNote {
			return fmt.Errorf("%w: over %d bytes on stdin", memory.ErrTooLong, maxStdinNote)
		}
		text = string(data)
	}
	text, err := memory.CheckNote(text, d.Settings.Memory.EntryChars)
	if err != nil {
		return err
	}
	m, err := d.openMemory()
	if err != nil {
		return err
	}
	note, err := m.Add(text)
	if err != nil {
		return err
	}
	fmt.Fprintf(d.Stdout, "noted #%d\n", note.ID)
	fmt.Fprint(d.Stdout, d.startedSays(d.foldLater(m), "fold of older notes"))
	return nil
}
