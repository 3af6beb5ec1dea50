// Package notes is `ai notes`: a knowledge store for agents in which
// every note is one claim, filed under a topic of a tree. Each topic is
// summarised from its children (its notes and its subtopics' summaries),
// in the background, so an agent can read the tree from the top down or
// search it.
//
// Layout of the store (a git repository written through ai/store/git, one
// commit per change):
//
//	.ai-format                 "notes 1"
//	README.md                  what the files are
//	physics/qm/TOPIC.md        topic physics.qm's summary, with the
//	                           fingerprint of the content it was built from
//	physics/qm/0c3k7mx9p2.md   one note: front matter, a blank line, the claim
//
// One claim per file keeps a change to one note a change to one file, so
// two people's stores merge without touching each other's notes (see
// ai/notes/full). A search reads the notes from the store's search
// index (ai/store/git), one file kept at the newest commit.
package notes

import (
	"errors"
	"fmt"
	"os"
	"path"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/store/git"
)

// Version is the store format this package writes.
const Version = 1

// Kind names the store in its format file.
const Kind = "notes"

// SummaryFile is the file of a topic's summary in its directory.
const SummaryFile = "TOPIC.md"

// Errors callers check with errors.Is.
var (
	ErrNoNotes    = errors.New("no notes")
	ErrNoSuchNote = errors.New("no such note")
	ErrNoTopic    = errors.New("no such topic")
)

// Notes is an open notes store.
type Notes struct {
	st  *git.Store
	now func() time.Time
	// newID makes ids; tests replace it to force collisions.
	newID func(time.Time) string
}

// Options are the ai/store/git settings of a notes store.
func Options(now func() time.Time) git.Options {
	return git.Options{Kind: Kind, Version: Version, Migrations: migrations, Now: now, Search: searched}
}

// searched names the files the search index packs: every .md file in a
// directory (notes and summaries), not the root's README.md.
func searched(p string) bool { return strings.HasSuffix(p, ".md") && strings.Contains(p, "/") }

// migrations upgrade older formats; format 1 is the first.
var migrations = map[int]git.Migration{}

// Open opens the store in dir, upgrading an older format (reported in the
// *git.Upgrade of ai/store/git) and refusing a newer one without writing.
func Open(dir string, now func() time.Time) (*Notes, *git.Upgrade, error) {
	st, up, err := git.Open(dir, Options(now))
	if errors.Is(err, git.ErrNotStore) {
		return nil, nil, fmt.Errorf("%w at %s yet: file one with `ai notes add TOPIC \"claim\"`", ErrNoNotes, dir)
	}
	if err != nil {
		return nil, nil, err
	}
	return Wrap(st, now), up, nil
}

// Create opens the store in dir, making it first when it does not exist.
func Create(dir string, now func() time.Time) (n *Notes, created bool, err error) {
	files := map[string][]byte{"README.md": []byte(readme)}
	st, created, err := git.Init(dir, Options(now), "Create the notes", files)
	if err != nil {
		return nil, false, err
	}
	return Wrap(st, now), created, nil
}

// Wrap makes a Notes of an open store.
func Wrap(st *git.Store, now func() time.Time) *Notes {
	if now == nil {
		now = time.Now
	}
	return &Notes{st: st, now: now, newID: NewID}
}

// Dir is the store's directory.
func (n *Notes) Dir() string { return n.st.Dir() }

// Store is the underlying git store.
func (n *Notes) Store() *git.Store { return n.st }

// notePath is the store path of note id in topic t.
func notePath(t Topic, id string) string { return path.Join(t.Path(), noteFile(id)) }

// summaryPath is the store path of topic t's summary.
func summaryPath(t Topic) string { return path.Join(t.Path(), SummaryFile) }

// readNote reads and parses the note at p, a store path.
func (n *Notes) readNote(p string, t Topic, buf []byte) (Note, []byte, error) {
	data, err := n.st.ReadInto(p, buf)
	if err != nil {
		return Note{}, data, err
	}
	note, err := ParseNote(p, data)
	note.Topic = t
	return note, data, err
}

// exists reports whether the store path p exists in the working files.
func (n *Notes) exists(p string) bool {
	_, err := os.Lstat(path.Join(n.st.Dir(), p))
	return err == nil
}

const readme = `# ai notes

This directory is a knowledge store written by ` + "`ai notes`" + `: one claim per note, filed in a tree of topics.

- Each directory is a topic: physics/qm/ is topic physics.qm.
- TOPIC.md in a directory is the topic's summary, written from its notes and subtopics.
- Every other .md file is one note: front matter (id, title, confidence, created, links), then the claim.
- .ai-format: the format of these files.

Every change is a commit; ` + "`git log -p`" + ` shows the history. ` + "`ai notes sync`" + ` shares it through a git remote.
`
