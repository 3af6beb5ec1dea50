package full

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/plumbing/storer"

	"github.com/session-intelligence/session-intelligence/shared/ai/store/git"
)

// file is one file of a tree.
type file struct {
	hash plumbing.Hash
	mode filemode.FileMode
}

// files maps a tree's file paths to their blobs.
type files map[string]file

// maxFiles caps the files of one tree read from a remote.
const maxFiles = 1_000_000

// flatten lists every file of commit c's tree; a zero c is the empty
// tree. A path no store could hold (.., .git) is an error: such a tree
// did not come from ai.
func flatten(s storer.EncodedObjectStorer, c *object.Commit) (files, error) {
	out := files{}
	if c == nil {
		return out, nil
	}
	tree, err := c.Tree()
	if err != nil {
		return nil, fmt.Errorf("read the tree of %s: %w", c.Hash, err)
	}
	w := object.NewTreeWalker(tree, true, nil)
	defer w.Close()
	for {
		name, e, err := w.Next()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("read the tree of %s: %w", c.Hash, err)
		}
		if e.Mode == filemode.Dir || e.Mode == filemode.Submodule {
			continue
		}
		if err := git.CleanPath(name); err != nil {
			return nil, fmt.Errorf("commit %s: %w", c.Hash, err)
		}
		if len(out) >= maxFiles {
			return nil, fmt.Errorf("commit %s holds over %d files", c.Hash, maxFiles)
		}
		out[name] = file{e.Hash, e.Mode}
	}
}

// writeTree stores fs as nested tree objects and returns the root's hash.
func writeTree(s storer.EncodedObjectStorer, fs files) (plumbing.Hash, error) {
	entries := map[string]object.TreeEntry{}
	subs := map[string]files{}
	for p, f := range fs {
		dir, rest, nested := strings.Cut(p, "/")
		if !nested {
			entries[dir] = object.TreeEntry{Name: dir, Mode: f.mode, Hash: f.hash}
			continue
		}
		if subs[dir] == nil {
			subs[dir] = files{}
		}
		subs[dir][rest] = f
	}
	for dir, sub := range subs {
		h, err := writeTree(s, sub)
		if err != nil {
			return plumbing.ZeroHash, err
		}
		entries[dir] = object.TreeEntry{Name: dir, Mode: filemode.Dir, Hash: h}
	}
	t := &object.Tree{}
	for _, e := range entries {
		t.Entries = append(t.Entries, e)
	}
	// git's order: a directory sorts as if its name ended in "/".
	key := func(e object.TreeEntry) string {
		if e.Mode == filemode.Dir {
			return e.Name + "/"
		}
		return e.Name
	}
	slices.SortFunc(t.Entries, func(a, b object.TreeEntry) int { return strings.Compare(key(a), key(b)) })
	obj := s.NewEncodedObject()
	if err := t.Encode(obj); err != nil {
		return plumbing.ZeroHash, fmt.Errorf("encode tree: %w", err)
	}
	return s.SetEncodedObject(obj)
}

// writeBlob stores data as a blob.
func writeBlob(s storer.EncodedObjectStorer, data []byte) (plumbing.Hash, error) {
	obj := s.NewEncodedObject()
	obj.SetType(plumbing.BlobObject)
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
	return s.SetEncodedObject(obj)
}

// readBlob reads a blob of at most gitstore.MaxFile bytes.
func readBlob(s storer.EncodedObjectStorer, h plumbing.Hash) ([]byte, error) {
	b, err := object.GetBlob(s, h)
	if err != nil {
		return nil, fmt.Errorf("read blob %s: %w", h, err)
	}
	if b.Size > git.MaxFile {
		return nil, fmt.Errorf("blob %s: over %d bytes", h, git.MaxFile)
	}
	r, err := b.Reader()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(io.LimitReader(r, git.MaxFile))
}
