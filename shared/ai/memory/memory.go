// Package memory is `ai memory`: an agent's permanent memory of one-line
// notes in a git repository. Older notes are folded, in the background,
// into summaries of aligned runs (see [Block] and [Cover]), so that the
// whole memory reads as one short view: the newest notes word for word,
// older stretches as ever larger folds.
//
// Layout of the store (plain files, one commit per change):
//
//	.ai-format                 "memory 1"
//	README.md                  what the files are
//	notes/0000000.txt          notes #0-#255, one per line: "#17 2026-05-01T10:00:00Z text"
//	folds/16/0000000.txt       summaries of 16-note runs starting below 16×256, one per line:
//	                           "#0-15 FIRST LAST text", FIRST and LAST the runs' note times
//
// Notes live in segments of [SegmentNotes], so a note rewrites one small
// file and a commit touches three trees whatever the size of the memory.
// A note is corrected in place ([Memory.Edit]) or forgotten
// ([Memory.Forget]: its text becomes [Forgotten], its id and time stay);
// either drops the summaries of the runs that hold it, which are then
// folded again, and the history keeps the old text.
package memory

import (
	"errors"
	"fmt"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/store/git"
)

// Sizes of the store's format.
const (
	// SegmentNotes is how many notes one notes/ file holds.
	SegmentNotes = 256
	// SegmentFolds is how many summaries of one length a folds/ file holds.
	SegmentFolds = 256
	// SummaryChars is the most a summary may hold, in characters.
	SummaryChars = 512
	// MaxEntryChars is the largest memory.entry-chars allowed.
	MaxEntryChars = 512
	// ExtraChars is how far past entry-chars a note is still accepted.
	ExtraChars = 40
	// RawFold is the longest run folded from its notes directly; longer
	// runs are folded from their two halves' summaries.
	RawFold = 16
	// Version is the store format this package writes.
	Version = 1
)

// ErrNoMemory: the store does not exist yet.
var ErrNoMemory = errors.New("no memory")

// Memory is an open memory store.
type Memory struct {
	st    *git.Store
	now   func() time.Time
	notes map[int][]Note       // parsed segments, by first id
	folds map[Block]foldRecord // built summaries read so far
	read  map[string]bool      // folds/ files already read
	count int                  // notes, -1 until counted
}

// Note is one recorded note.
type Note struct {
	ID   int
	Time time.Time
	Text string
}

// options are the ai/store/git settings of a memory.
func options(now func() time.Time) git.Options {
	return git.Options{Kind: "memory", Version: Version, Migrations: migrations, Now: now}
}

// migrations upgrade older formats; format 1 is the first.
var migrations = map[int]git.Migration{}

// Open opens the memory in dir, upgrading an older format (reported in
// the *git.Upgrade of ai/store/git) and refusing a newer one without writing.
func Open(dir string, now func() time.Time) (*Memory, *git.Upgrade, error) {
	st, up, err := git.Open(dir, options(now))
	if errors.Is(err, git.ErrNotStore) {
		return nil, nil, fmt.Errorf("%w at %s: create it with `ai memory init`, or point AI_MEMORY_DIR at an existing one", ErrNoMemory, dir)
	}
	if err != nil {
		return nil, nil, err
	}
	return wrap(st, now), up, nil
}

// Init creates the memory in dir, or opens it when it exists; created
// says which.
func Init(dir string, now func() time.Time) (m *Memory, created bool, err error) {
	files := map[string][]byte{"README.md": []byte(readme)}
	st, created, err := git.Init(dir, options(now), "Create the memory", files)
	if err != nil {
		return nil, false, err
	}
	return wrap(st, now), created, nil
}

func wrap(st *git.Store, now func() time.Time) *Memory {
	if now == nil {
		now = time.Now
	}
	return &Memory{st: st, now: now, notes: map[int][]Note{}, folds: map[Block]foldRecord{},
		read: map[string]bool{}, count: -1}
}

// Dir is the store's directory.
func (m *Memory) Dir() string { return m.st.Dir() }

// Store is the underlying git store.
func (m *Memory) Store() *git.Store { return m.st }

// forget drops what was read, after a change.
func (m *Memory) forget() {
	m.notes, m.folds, m.read, m.count = map[int][]Note{}, map[Block]foldRecord{}, map[string]bool{}, -1
}

const readme = `# ai memory

This directory is an agent's memory, written by ` + "`ai memory`" + `. Do not edit it by hand.

- notes/: every note, in files of 256, one per line: #ID TIME TEXT.
- folds/LENGTH/: summaries of runs of LENGTH notes, one per line: #FIRST-LAST TIME TIME TEXT.
- .ai-format: the format of these files.

Every change is a commit; ` + "`git log -p`" + ` shows the history.
`
