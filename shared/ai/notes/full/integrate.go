package full

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/session-intelligence/session-intelligence/shared/ai/notes"
	"github.com/session-intelligence/session-intelligence/shared/ai/store/git"
)

// integrate moves the store to include theirs: nothing when it has it
// already, their commit when the store is behind (or fresh), else a
// merge. The caller holds the store's write lock.
func (s *syncer) integrate(ctx context.Context, theirs plumbing.Hash) error {
	head, err := s.st.Head()
	if err != nil || theirs.IsZero() || head == theirs.String() {
		return err
	}
	store := s.repo.Storer
	tc, err := object.GetCommit(store, theirs)
	if err != nil {
		return fmt.Errorf("read the remote's commit %s: %w", theirs, err)
	}
	if err := checkFormat(tc); err != nil {
		return err
	}
	oc, err := object.GetCommit(store, plumbing.NewHash(head))
	if err != nil {
		return fmt.Errorf("read commit %s: %w", head, err)
	}
	if ahead, err := tc.IsAncestor(oc); err != nil || ahead {
		return err
	}
	if err := checkHistory(store, oc, tc); err != nil {
		return fmt.Errorf("%w: %v", ErrRemote, err)
	}
	target := theirs
	behind, err := oc.IsAncestor(tc)
	if err != nil {
		return err
	}
	if !behind && !fresh(oc) {
		if target, err = s.merge(oc, tc); err != nil {
			return err
		}
		s.report.Merged = true
	}
	s.progress("checking", 0, 0)
	total, err := s.count(oc, target)
	if err != nil {
		return err
	}
	return s.st.ResetLocked(ctx, target.String(), func(done int) { s.progress("writing", done, total) })
}

// fresh reports a store that was only just made: one commit with nothing
// but the files every new store has. Its history is dropped for the
// remote's rather than merged.
func fresh(c *object.Commit) bool {
	if c.NumParents() != 0 {
		return false
	}
	t, err := c.Tree()
	if err != nil {
		return false
	}
	for _, e := range t.Entries {
		if e.Name != git.FormatFile && e.Name != "README.md" {
			return false
		}
	}
	return true
}

// checkFormat refuses a remote branch that is not a notes store this
// program can read, before anything is written.
func checkFormat(c *object.Commit) error {
	f, err := c.File(git.FormatFile)
	if err != nil {
		return fmt.Errorf("%w: its main branch has no %s", ErrRemote, git.FormatFile)
	}
	r, err := f.Reader()
	if err != nil {
		return err
	}
	defer r.Close()
	data, err := io.ReadAll(io.LimitReader(r, 256))
	if err != nil {
		return err
	}
	fields := strings.Fields(string(data))
	if len(fields) != 2 || fields[0] != notes.Kind {
		return fmt.Errorf("%w: it holds %q", ErrRemote, strings.TrimSpace(string(data)))
	}
	v, err := strconv.Atoi(fields[1])
	if err != nil || v < 1 {
		return fmt.Errorf("%w: bad format %q", ErrRemote, fields[1])
	}
	if v > notes.Version {
		return fmt.Errorf("the remote's notes have format %d, this ai reads up to %d: %w; install a newer ai (nothing was changed)",
			v, notes.Version, git.ErrNewer)
	}
	return nil
}

// merge writes the merge commit of ours and theirs.
func (s *syncer) merge(ours, theirs *object.Commit) (plumbing.Hash, error) {
	store := s.repo.Storer
	var base *object.Commit
	if bases, err := ours.MergeBase(theirs); err != nil {
		return plumbing.ZeroHash, fmt.Errorf("find the common ancestor: %w", err)
	} else if len(bases) > 0 {
		base = bases[0]
	}
	var sides [3]files
	for i, c := range []*object.Commit{base, ours, theirs} {
		fs, err := flatten(store, c)
		if err != nil {
			return plumbing.ZeroHash, err
		}
		sides[i] = fs
	}
	m := newMerger(store, sides[0], sides[1], sides[2], s.opts.Now())
	if err := m.run(); err != nil {
		return plumbing.ZeroHash, err
	}
	s.report.Conflicts = append(s.report.Conflicts, m.conflicts...)
	s.report.Notices = append(s.report.Notices, m.notices...)
	tree, err := writeTree(store, m.out)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	msg := "Sync with " + s.report.URL
	if len(m.conflicts) > 0 {
		word := "conflicts"
		if len(m.conflicts) == 1 {
			word = "conflict"
		}
		msg += fmt.Sprintf(": %d %s, both sides kept\n\n%s", len(m.conflicts), word, strings.Join(m.conflicts, "\n"))
	}
	sig := object.Signature{Name: "ai", Email: "ai@localhost", When: s.opts.Now()}
	c := &object.Commit{Author: sig, Committer: sig, Message: msg + "\n", TreeHash: tree,
		ParentHashes: []plumbing.Hash{ours.Hash, theirs.Hash}}
	obj := store.NewEncodedObject()
	if err := c.Encode(obj); err != nil {
		return plumbing.ZeroHash, fmt.Errorf("encode the merge commit: %w", err)
	}
	return store.SetEncodedObject(obj)
}

// count fills the report's note counts from ours to target and returns
// the number of files target holds.
func (s *syncer) count(ours *object.Commit, target plumbing.Hash) (int, error) {
	tc, err := object.GetCommit(s.repo.Storer, target)
	if err != nil {
		return 0, err
	}
	before, err := flatten(s.repo.Storer, ours)
	if err != nil {
		return 0, err
	}
	after, err := flatten(s.repo.Storer, tc)
	if err != nil {
		return 0, err
	}
	b, _ := byID(before)
	a, _ := byID(after)
	for id, r := range a {
		switch old, ok := b[id]; {
		case !ok:
			s.report.Added++
		case old != r:
			s.report.Changed++
		}
	}
	for id := range b {
		if _, ok := a[id]; !ok {
			s.report.Removed++
		}
	}
	return len(after), nil
}
