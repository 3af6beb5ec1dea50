package git

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// testOnlyCrash is called between the steps of a commit ("objects",
// "ref", "worktree"); tests replace it to kill the process there.
var testOnlyCrash = func(stage string) {}

// commit writes changes as one commit on top of HEAD and checks them
// out. It returns "" when the tree did not change.
func (s *Store) commit(message string, changes map[string][]byte) (string, error) {
	if len(changes) == 0 {
		return "", nil
	}
	parent, err := s.head()
	if err != nil {
		return "", err
	}
	var base plumbing.Hash
	if !parent.IsZero() {
		if base, err = s.commitTree(parent); err != nil {
			return "", err
		}
	}
	root, _, err := s.writeTree(base, changes)
	if err != nil {
		return "", err
	}
	if root == base && !parent.IsZero() {
		return "", nil
	}
	hash, err := s.writeCommit(message, root, parent)
	if err != nil {
		return "", err
	}
	testOnlyCrash("objects")
	if err := s.setHead(hash); err != nil {
		return "", err
	}
	testOnlyCrash("ref")
	if err := s.checkout(changes, hash); err != nil {
		return "", err
	}
	s.searchAfter(parent, hash, changes)
	return hash.String(), nil
}

// writeTree stores tree base (zero: empty) with changes applied, keyed by
// paths relative to it. empty reports a tree left with no entries, which
// is not stored.
func (s *Store) writeTree(base plumbing.Hash, changes map[string][]byte) (hash plumbing.Hash, empty bool, err error) {
	entries := map[string]treeEntry{}
	if !base.IsZero() {
		t, err := s.readTree(base)
		if err != nil {
			return plumbing.ZeroHash, false, err
		}
		for _, e := range t {
			entries[e.name] = e
		}
	}
	subs := map[string]map[string][]byte{}
	for p, data := range changes {
		name, rest, isSub := strings.Cut(p, "/")
		if isSub {
			if subs[name] == nil {
				subs[name] = map[string][]byte{}
			}
			subs[name][rest] = data
			continue
		}
		if err := s.setFile(entries, name, data); err != nil {
			return plumbing.ZeroHash, false, err
		}
	}
	for name, sub := range subs {
		var subBase plumbing.Hash
		if e, ok := entries[name]; ok && e.mode == filemode.Dir {
			subBase = e.hash
		}
		h, isEmpty, err := s.writeTree(subBase, sub)
		if err != nil {
			return plumbing.ZeroHash, false, err
		}
		if isEmpty {
			delete(entries, name)
		} else {
			entries[name] = treeEntry{name: name, mode: filemode.Dir, hash: h}
		}
	}
	if len(entries) == 0 {
		return plumbing.ZeroHash, true, nil
	}
	h, err := s.storeTree(entries)
	return h, false, err
}

// setFile points entry name at a blob of data (nil: removes it), storing
// the blob unless the entry already holds it.
func (s *Store) setFile(entries map[string]treeEntry, name string, data []byte) error {
	if data == nil {
		delete(entries, name)
		return nil
	}
	h := plumbing.ComputeHash(plumbing.BlobObject, data)
	if e, ok := entries[name]; ok && e.hash == h && e.mode == filemode.Regular {
		return nil
	}
	if _, err := s.writeObject(plumbing.BlobObject, data); err != nil {
		return err
	}
	entries[name] = treeEntry{name: name, mode: filemode.Regular, hash: h}
	return nil
}

// storeTree stores entries as a tree object, in git's order.
func (s *Store) storeTree(entries map[string]treeEntry) (plumbing.Hash, error) {
	list := make([]treeEntry, 0, len(entries))
	for _, e := range entries {
		list = append(list, e)
	}
	data, err := encodeTree(list)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	return s.writeObject(plumbing.TreeObject, data)
}

// writeCommit stores a commit of tree on parent (zero: none), written as
// go-git writes one.
func (s *Store) writeCommit(message string, tree, parent plumbing.Hash) (plumbing.Hash, error) {
	name := s.opts.Author
	if name == "" {
		name = "ai"
	}
	return s.writeObject(plumbing.CommitObject, encodeCommit(name, s.opts.now(), message, tree, parent))
}

// encodeCommit is the content of a commit whose author and committer
// are name at when.
func encodeCommit(name string, when time.Time, message string, tree, parent plumbing.Hash) []byte {
	sig := fmt.Appendf(nil, "%s <ai@localhost> %d %s", name, max(when.Unix(), 0), when.Format("-0700"))
	out := fmt.Appendf(nil, "tree %s\n", tree)
	if !parent.IsZero() {
		out = fmt.Appendf(out, "parent %s\n", parent)
	}
	out = fmt.Appendf(out, "author %s\ncommitter %s\n\n", sig, sig)
	return append(out, message...)
}

// head is the commit the branch points at, zero before the first commit.
// The loose ref file is read directly (it is what setHead writes); go-git
// is asked only when it is missing, as after `git pack-refs`.
func (s *Store) head() (plumbing.Hash, error) {
	data, err := readSmall(filepath.Join(s.gitDir, filepath.FromSlash(Branch)))
	if err == nil {
		h := strings.TrimSpace(string(data))
		if len(h) != 40 || !plumbing.IsHash(h) {
			return plumbing.ZeroHash, fmt.Errorf("read %s: bad hash %q", Branch, h)
		}
		return plumbing.NewHash(h), nil
	}
	ref, err := s.git().Reference(plumbing.ReferenceName(Branch))
	if errors.Is(err, plumbing.ErrReferenceNotFound) {
		return plumbing.ZeroHash, nil
	}
	if err != nil {
		return plumbing.ZeroHash, fmt.Errorf("read %s: %w", Branch, err)
	}
	return ref.Hash(), nil
}

// Head returns the hash of the newest commit, "" before the first.
func (s *Store) Head() (string, error) {
	h, err := s.head()
	if err != nil || h.IsZero() {
		return "", err
	}
	return h.String(), nil
}

// setHead moves the branch to h by replacing its loose ref file
// atomically (go-git rewrites it in place), which also overrides a packed
// ref left by `git gc`.
func (s *Store) setHead(h plumbing.Hash) error {
	path := filepath.Join(s.gitDir, filepath.FromSlash(Branch))
	if err := fsutil.WriteAtomic(path, []byte(h.String()+"\n"), 0o600, fsutil.NoSync); err != nil {
		return fmt.Errorf("update %s: %w", Branch, err)
	}
	return nil
}
