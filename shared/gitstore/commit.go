package gitstore

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/session-intelligence/session-intelligence/shared/fsutil"
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
		c, err := object.GetCommit(s.git(), parent)
		if err != nil {
			return "", fmt.Errorf("read commit %s: %w", parent, err)
		}
		base = c.TreeHash
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
	return hash.String(), nil
}

// writeTree stores tree base (zero: empty) with changes applied, keyed by
// paths relative to it. empty reports a tree left with no entries, which
// is not stored.
func (s *Store) writeTree(base plumbing.Hash, changes map[string][]byte) (hash plumbing.Hash, empty bool, err error) {
	entries := map[string]object.TreeEntry{}
	if !base.IsZero() {
		t, err := object.GetTree(s.git(), base)
		if err != nil {
			return plumbing.ZeroHash, false, fmt.Errorf("read tree %s: %w", base, err)
		}
		for _, e := range t.Entries {
			entries[e.Name] = e
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
		if e, ok := entries[name]; ok && e.Mode == filemode.Dir {
			subBase = e.Hash
		}
		h, isEmpty, err := s.writeTree(subBase, sub)
		if err != nil {
			return plumbing.ZeroHash, false, err
		}
		if isEmpty {
			delete(entries, name)
		} else {
			entries[name] = object.TreeEntry{Name: name, Mode: filemode.Dir, Hash: h}
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
func (s *Store) setFile(entries map[string]object.TreeEntry, name string, data []byte) error {
	if data == nil {
		delete(entries, name)
		return nil
	}
	h := plumbing.ComputeHash(plumbing.BlobObject, data)
	if e, ok := entries[name]; ok && e.Hash == h && e.Mode == filemode.Regular {
		return nil
	}
	if _, err := s.storeObject(plumbing.BlobObject, data); err != nil {
		return err
	}
	entries[name] = object.TreeEntry{Name: name, Mode: filemode.Regular, Hash: h}
	return nil
}

// storeTree stores entries as a tree object, in git's order (a
// directory sorts as if its name ended in "/").
func (s *Store) storeTree(entries map[string]object.TreeEntry) (plumbing.Hash, error) {
	t := &object.Tree{Entries: make([]object.TreeEntry, 0, len(entries))}
	for _, e := range entries {
		t.Entries = append(t.Entries, e)
	}
	key := func(e object.TreeEntry) string {
		if e.Mode == filemode.Dir {
			return e.Name + "/"
		}
		return e.Name
	}
	slices.SortFunc(t.Entries, func(a, b object.TreeEntry) int { return strings.Compare(key(a), key(b)) })
	obj := s.git().NewEncodedObject()
	if err := t.Encode(obj); err != nil {
		return plumbing.ZeroHash, fmt.Errorf("encode tree: %w", err)
	}
	return s.git().SetEncodedObject(obj)
}

// storeObject stores data as a loose object of type typ.
func (s *Store) storeObject(typ plumbing.ObjectType, data []byte) (plumbing.Hash, error) {
	obj := s.git().NewEncodedObject()
	obj.SetType(typ)
	obj.SetSize(int64(len(data)))
	w, err := obj.Writer()
	if err != nil {
		return plumbing.ZeroHash, err
	}
	if _, err := w.Write(data); err != nil {
		return plumbing.ZeroHash, err
	}
	if err := w.Close(); err != nil {
		return plumbing.ZeroHash, err
	}
	h, err := s.git().SetEncodedObject(obj)
	if err != nil {
		return plumbing.ZeroHash, fmt.Errorf("write object: %w", err)
	}
	return h, nil
}

func (s *Store) writeCommit(message string, tree, parent plumbing.Hash) (plumbing.Hash, error) {
	name := s.opts.Author
	if name == "" {
		name = "ai"
	}
	sig := object.Signature{Name: name, Email: "ai@localhost", When: s.opts.now()}
	c := &object.Commit{Author: sig, Committer: sig, Message: message, TreeHash: tree}
	if !parent.IsZero() {
		c.ParentHashes = []plumbing.Hash{parent}
	}
	obj := s.git().NewEncodedObject()
	if err := c.Encode(obj); err != nil {
		return plumbing.ZeroHash, fmt.Errorf("encode commit: %w", err)
	}
	h, err := s.git().SetEncodedObject(obj)
	if err != nil {
		return plumbing.ZeroHash, fmt.Errorf("write commit: %w", err)
	}
	return h, nil
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
