package cli

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/notes"
)

// NotesCmd is `ai notes …`.
type NotesCmd struct {
	Tree      NotesTreeCmd      `cmd:"" default:"1" help:"The top of the tree: each topic with its scope (the default)."`
	Add       NotesAddCmd       `cmd:"" help:"File one claim under a topic (or pipe the claim on stdin)."`
	Zoom      NotesZoomCmd      `cmd:"" help:"A topic's summary, subtopics and notes."`
	Grep      NotesGrepCmd      `cmd:"" help:"Search every note and summary with a regular expression (RE2)."`
	Show      NotesShowCmd      `cmd:"" help:"One note, whole, with the titles of the notes it links."`
	Mv        NotesMvCmd        `cmd:"" help:"Move a note, or a topic with everything below it, to a topic."`
	Link      NotesLinkCmd      `cmd:"" help:"Link two notes: each lists the other."`
	Rm        NotesRmCmd        `cmd:"" help:"Remove a note, or a topic and its notes with --recursive; links to them and the summaries above them go (the git history keeps them)."`
	Edit      NotesEditCmd      `cmd:"" help:"Correct a note: its claim (given, on stdin, or in $EDITOR on a terminal), --title or --confidence."`
	Sync      NotesSyncCmd      `cmd:"" help:"Pull from and push to a git remote; conflicting changes are both kept."`
	Summarise NotesSummariseCmd `cmd:"" hidden:"" help:"Write the topic summaries that are missing or stale (normally done in the background)."`
}

// maxStdinClaim caps a claim read from stdin.
const maxStdinClaim = 64 << 10

// notesDir is $AI_NOTES_DIR, else ~/.ai/notes.
func (d *deps) notesDir() string {
	if dir := d.Getenv("AI_NOTES_DIR"); dir != "" {
		return d.abs(dir)
	}
	return filepath.Join(d.Home, ".ai", "notes")
}

// openNotes opens the store, reporting an upgrade on stderr.
func (d *deps) openNotes() (*notes.Notes, error) {
	n, up, err := notes.Open(d.notesDir(), d.Now)
	if err != nil {
		return nil, err
	}
	if up != nil {
		fmt.Fprintf(d.Stderr, "ai: upgraded the notes at %s from format %d to %d; commit %s holds their previous state\n",
			d.pretty(n.Dir()), up.From, up.To, short(up.Previous))
	}
	return n, nil
}

// openOrCreateNotes opens the store, making it on first use. When
// another process is making it at the same moment, its store is used.
func (d *deps) openOrCreateNotes() (*notes.Notes, error) {
	n, err := d.openNotes()
	if !errors.Is(err, notes.ErrNoNotes) {
		return n, err
	}
	n, created, err := notes.Create(d.notesDir(), d.Now)
	if err != nil {
		time.Sleep(200 * time.Millisecond)
		if n, again := d.openNotes(); again == nil {
			return n, nil
		}
		return nil, err
	}
	if created {
		fmt.Fprintf(d.Stdout, "Created the notes at %s.\n", d.pretty(n.Dir()))
	}
	return n, nil
}

// NotesTreeCmd is `ai notes` and `ai notes tree`.
type NotesTreeCmd struct{}

// Run prints the top topics; missing summaries start the builder.
func (c *NotesTreeCmd) Run(d *deps) error {
	n, err := d.openNotes()
	if errors.Is(err, notes.ErrNoNotes) {
		fmt.Fprintf(d.Stdout, "# notes: none yet at %s. File one: ai notes add TOPIC \"claim\" --title \"...\"\n", d.pretty(d.notesDir()))
		return nil
	}
	if err != nil {
		return err
	}
	v, err := n.Tree()
	if err != nil {
		return err
	}
	if v.Unsummarised {
		v.Text += d.summariesSay(n, d.summariseLater(n))
	}
	return d.show(v.Text)
}

// NotesAddCmd is `ai notes add TOPIC "claim"`.
type NotesAddCmd struct {
	Topic      string   `arg:"" help:"Where the note goes: dotted, like physics.qm (a-z, 0-9, - and _)."`
	Claim      []string `arg:"" optional:"" help:"The claim, in detail. Without it, read from stdin."`
	Title      string   `help:"A short title (default: the claim's first words)."`
	Confidence string   `help:"How sure the claim is: guess, likely, verified or disputed."`
}

// Run checks the note, files it (making the store on first use) and
// starts the background summariser.
func (c *NotesAddCmd) Run(d *deps) error {
	draft, err := c.draft(d)
	if err != nil {
		return err
	}
	n, err := d.openOrCreateNotes()
	if err != nil {
		return err
	}
	note, err := n.Add(draft)
	if err != nil {
		return err
	}
	fmt.Fprintf(d.Stdout, "filed %s under %s\n", note.ID, note.Topic)
	fmt.Fprint(d.Stdout, d.startedSays(d.summariseLater(n), "summary of the topics above it"))
	return nil
}

// draft reads and checks everything before the store is touched.
func (c *NotesAddCmd) draft(d *deps) (notes.Draft, error) {
	t, err := notes.ParseTopic(c.Topic)
	if err != nil {
		return notes.Draft{}, err
	}
	claim := strings.Join(c.Claim, " ")
	if len(c.Claim) == 0 || claim == "-" {
		if err := d.stdinGuard(c.Claim, "claim", "ai notes add "+t.String()); err != nil {
			return notes.Draft{}, err
		}
		data, err := io.ReadAll(io.LimitReader(d.Stdin, maxStdinClaim+1))
		if err != nil {
			return notes.Draft{}, fmt.Errorf("read the claim from stdin: %w", err)
		}
		if len(data) > maxStdinClaim {
			return notes.Draft{}, fmt.Errorf("claim %w: over %d bytes on stdin", notes.ErrTooLong, maxStdinClaim)
		}
		claim = string(data)
	}
	if claim, err = notes.CheckClaim(claim); err != nil {
		return notes.Draft{}, err
	}
	title, err := notes.CheckTitle(c.Title, claim)
	if err != nil {
		return notes.Draft{}, err
	}
	if err := notes.CheckConfidence(c.Confidence); err != nil {
		return notes.Draft{}, err
	}
	return notes.Draft{Topic: t, Claim: claim, Title: title, Confidence: c.Confidence}, nil
}
