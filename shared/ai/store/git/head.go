package git

import (
	"fmt"
	"os"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// Entry is one entry of a directory in the newest commit. Hash is its
// object's: a file's content, or for a directory everything below it,
// so that two equal hashes mean equal content however deep.
type Entry struct {
	Name string
	Dir  bool
	Hash string
}

// headTrees caches the trees read for one HEAD.
type headTrees struct {
	head  plumbing.Hash
	trees map[string][]treeEntry // by directory path, "" the root
}

// HeadEntries returns the entries of directory dir ("" the root) in the
// newest commit, in git's order; a directory the commit does not hold
// gives an error that wraps os.ErrNotExist. The trees read are kept
// while HEAD stays the same.
func (s *Store) HeadEntries(dir string) ([]Entry, error) {
	if dir != "" {
		if err := CleanPath(dir); err != nil {
			return nil, err
		}
	}
	tree, err := s.headTree(dir)
	if err != nil {
		return nil, err
	}
	out := make([]Entry, 0, len(tree))
	for _, e := range tree {
		if e.mode == filemode.Submodule {
			continue
		}
		out = append(out, Entry{Name: e.name, Dir: e.mode == filemode.Dir, Hash: e.hash.String()})
	}
	return out, nil
}

// headTree returns the tree of dir in HEAD, reading it and the trees
// above it on first use.
func (s *Store) headTree(dir string) ([]treeEntry, error) {
	head, err := s.head()
	if err != nil {
		return nil, err
	}
	if head.IsZero() {
		return nil, fmt.Errorf("read %s: no commit yet: %w", dir, os.ErrNotExist)
	}
	if s.heads == nil || s.heads.head != head {
		s.heads = &headTrees{head: head, trees: map[string][]treeEntry{}}
	}
	if t, ok := s.heads.trees[dir]; ok {
		return t, nil
	}
	var h plumbing.Hash
	if dir == "" {
		if h, err = s.commitTree(head); err != nil {
			return nil, err
		}
	} else {
		parent, name := "", dir
		if i := strings.LastIndexByte(dir, '/'); i >= 0 {
			parent, name = dir[:i], dir[i+1:]
		}
		up, err := s.headTree(parent)
		if err != nil {
			return nil, err
		}
		found := false
		for _, e := range up {
			if e.name == name && e.mode == filemode.Dir {
				h, found = e.hash, true
				break
			}
		}
		if !found {
			return nil, fmt.Errorf("read %s at %s: %w", dir, short(head), os.ErrNotExist)
		}
	}
	t, err := s.readTree(h)
	if err != nil {
		return nil, err
	}
	s.heads.trees[dir] = t
	return t, nil
}

func short(h plumbing.Hash) string { return h.String()[:12] }
