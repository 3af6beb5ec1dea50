package full

import (
	"fmt"
	"path"
	"slices"
	"sort"
	"time"

	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/storer"

	"github.com/session-intelligence/session-intelligence/shared/ai/notes"
)

// A merge of two stores works note by note, not line by line: a note is
// found by its id wherever either side filed it, so one side moving a
// note while the other links it is no conflict. Its place and each of
// its fields (title, confidence, claim, links as a set) are merged three
// ways against the common ancestor. Only when both sides changed the same
// field differently is there a true conflict: both versions are kept,
// theirs as a new note that names the first (conflict-of).

// ref is one side's copy of a note.
type ref struct {
	path string
	file
}

type side map[string]ref // by note id

// merger merges theirs into ours against base.
type merger struct {
	s                  storer.EncodedObjectStorer
	base, ours, theirs files
	out                files
	now                time.Time
	// Conflicts say what was kept twice; Notes what else needs telling.
	conflicts, notices []string
}

func newMerger(s storer.EncodedObjectStorer, base, ours, theirs files, now time.Time) *merger {
	return &merger{s: s, base: base, ours: ours, theirs: theirs, out: files{}, now: now}
}

// run fills m.out with the merged files.
func (m *merger) run() error {
	b, bRest := byID(m.base)
	o, oRest := byID(m.ours)
	t, tRest := byID(m.theirs)
	for _, p := range union(bRest, oRest, tRest) {
		if err := m.mergePath(p, bRest[p], oRest[p], tRest[p]); err != nil {
			return err
		}
	}
	for _, id := range union(b, o, t) {
		if err := m.mergeNote(id, b[id], o[id], t[id]); err != nil {
			return err
		}
	}
	return nil
}

// byID splits a tree into its notes, by id, and its other files. A note
// filed twice on one side keeps its first place as the note and the other
// as a plain file.
func byID(fs files) (side, files) {
	notesByID, rest := side{}, files{}
	paths := make([]string, 0, len(fs))
	for p := range fs {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		if _, id, ok := notes.SplitNotePath(p); ok {
			if _, dup := notesByID[id]; !dup {
				notesByID[id] = ref{p, fs[p]}
				continue
			}
		}
		rest[p] = fs[p]
	}
	return notesByID, rest
}

// union is the sorted keys of maps.
func union[V any](ms ...map[string]V) []string {
	var out []string
	for _, m := range ms {
		for k := range m {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// pick3 merges one value three ways: the side that changed it wins;
// conflict when both changed it differently.
func pick3[T comparable](base, ours, theirs T) (T, bool) {
	switch {
	case ours == theirs, theirs == base:
		return ours, false
	case ours == base:
		return theirs, false
	}
	return ours, true
}

// mergePath merges a file that is not a note.
func (m *merger) mergePath(p string, b, o, t file) error {
	got, conflict := pick3(b, o, t)
	if !conflict {
		if !got.hash.IsZero() {
			m.out[p] = got
		}
		return nil
	}
	switch {
	case o.hash.IsZero():
		m.out[p] = t
	case path.Base(p) == notes.SummaryFile || p == ".ai-format":
		// A summary is rebuilt when it no longer matches its children.
		m.out[p] = o
	default:
		m.out[p] = o
		if !t.hash.IsZero() {
			m.out[p+".theirs"] = t
			m.conflicts = append(m.conflicts, fmt.Sprintf("%s changed on both sides: kept yours, theirs is %s.theirs", p, p))
		}
	}
	return nil
}

// mergeNote merges note id: its place, then its content.
func (m *merger) mergeNote(id string, b, o, t ref) error {
	place, moved := pick3(b.path, o.path, t.path)
	content, conflict := pick3(b.file, o.file, t.file)
	switch {
	case !conflict && content.hash.IsZero():
		return nil // removed, or removed on both sides
	case conflict && o.hash.IsZero():
		place, content = t.path, t.file
		m.notices = append(m.notices, fmt.Sprintf("note %s: removed here, changed there; kept the changed note", id))
	case conflict && t.hash.IsZero():
		place, content = o.path, o.file
		m.notices = append(m.notices, fmt.Sprintf("note %s: changed here, removed there; kept the changed note", id))
	case conflict:
		merged, err := m.mergeFields(id, b, o, t)
		if err != nil {
			return err
		}
		content = merged
	}
	switch {
	case place == "":
		place = firstNonEmpty(o.path, t.path)
	case moved:
		m.notices = append(m.notices, fmt.Sprintf("note %s: moved to %s here and to %s there; kept %s", id, o.path, t.path, o.path))
	}
	m.out[place] = content
	return nil
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// mergeFields merges a note both sides changed, field by field. When a
// field conflicts, ours is kept and theirs is filed beside it as a new
// note.
func (m *merger) mergeFields(id string, b, o, t ref) (file, error) {
	base := notes.Note{ID: id}
	if !b.hash.IsZero() {
		if n, err := m.parse(b); err == nil {
			base = n
		}
	}
	ours, errO := m.parse(o)
	theirs, errT := m.parse(t)
	if errO != nil || errT != nil {
		return o.file, m.keepTheirs(id, t, theirs, errT)
	}
	merged, conflict := ours, false
	var c [5]bool
	merged.Title, c[0] = pick3(base.Title, ours.Title, theirs.Title)
	merged.Confidence, c[1] = pick3(base.Confidence, ours.Confidence, theirs.Confidence)
	merged.Claim, c[2] = pick3(base.Claim, ours.Claim, theirs.Claim)
	merged.ConflictOf, c[3] = pick3(base.ConflictOf, ours.ConflictOf, theirs.ConflictOf)
	created, createdConflict := pick3(base.Created.Unix(), ours.Created.Unix(), theirs.Created.Unix())
	merged.Created, c[4] = time.Unix(created, 0).UTC(), createdConflict
	merged.Links = mergeLinks(base.Links, ours.Links, theirs.Links)
	for _, x := range c {
		conflict = conflict || x
	}
	if conflict {
		return o.file, m.keepTheirs(id, t, theirs, nil)
	}
	h, err := writeBlob(m.s, merged.Format())
	return file{h, filemode.Regular}, err
}

// mergeLinks keeps every link either side has, less those one side
// removed.
func mergeLinks(base, ours, theirs []string) []string {
	var out []string
	for _, id := range union(toSet(ours), toSet(theirs)) {
		if slices.Contains(base, id) && (!slices.Contains(ours, id) || !slices.Contains(theirs, id)) {
			continue
		}
		out = append(out, id)
	}
	return out
}

func toSet(ids []string) map[string]bool {
	out := map[string]bool{}
	for _, id := range ids {
		out[id] = true
	}
	return out
}

// keepTheirs files their version of note id as a new note next to where
// they filed it (or, unreadable, as a plain file beside it).
func (m *merger) keepTheirs(id string, t ref, theirs notes.Note, parseErr error) error {
	if parseErr != nil {
		m.out[t.path+".theirs"] = t.file
		m.conflicts = append(m.conflicts, fmt.Sprintf("note %s changed on both sides: kept yours; theirs does not read as a note (%v) and is %s.theirs", id, parseErr, t.path))
		return nil
	}
	topic, _, _ := notes.SplitNotePath(t.path)
	newID := m.freshID()
	theirs.ID, theirs.ConflictOf = newID, id
	h, err := writeBlob(m.s, theirs.Format())
	if err != nil {
		return err
	}
	m.out[notes.NotePath(topic, newID)] = file{h, filemode.Regular}
	m.conflicts = append(m.conflicts, fmt.Sprintf("note %s changed on both sides: kept both, yours as %s and theirs as %s (ai notes show %s)", id, id, newID, newID))
	return nil
}

// freshID makes an id no side uses.
func (m *merger) freshID() string {
	taken := map[string]bool{}
	for _, fs := range []files{m.base, m.ours, m.theirs, m.out} {
		for p := range fs {
			if _, id, ok := notes.SplitNotePath(p); ok {
				taken[id] = true
			}
		}
	}
	for {
		if id := notes.NewID(m.now); !taken[id] {
			return id
		}
	}
}

func (m *merger) parse(r ref) (notes.Note, error) {
	data, err := readBlob(m.s, r.hash)
	if err != nil {
		return notes.Note{}, err
	}
	return notes.ParseNote(r.path, data)
}
