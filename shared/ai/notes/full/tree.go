package full

import (
	"bytes"
	"fmt"
	"io"
	"path"
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

// maxFiles caps the files of one tree read from a remote; maxDepth how
// deep its directories nest.
const (
	maxFiles = 1_000_000
	maxDepth = 100
)

// flatten lists every file of commit c's tree; a zero c is the empty
// tree. A path no store could hold (.., .git) or a tree git would refuse
// (see checkTree) is an error: such a tree did not come from ai.
func flatten(s storer.EncodedObjectStorer, c *object.Commit) (files, error) {
	out := files{}
	if c == nil {
		return out, nil
	}
	if err := walkTree(s, c.TreeHash, "", 0, out); err != nil {
		return nil, fmt.Errorf("commit %s: %w", c.Hash, err)
	}
	return out, nil
}

// walkTree adds the files of tree h, found at dir, to out.
func walkTree(s storer.EncodedObjectStorer, h plumbing.Hash, dir string, depth int, out files) error {
	if depth > maxDepth {
		return fmt.Errorf("%s: directories nested over %d deep", dir, maxDepth)
	}
	entries, err := readTree(s, h)
	if err != nil {
		return fmt.Errorf("read the tree of %s: %w", shownDir(dir), err)
	}
	for _, e := range entries {
		p := path.Join(dir, e.Name)
		switch {
		case e.Mode == filemode.Dir:
			err = walkTree(s, e.Hash, p, depth+1, out)
		case e.Mode == filemode.Submodule:
		case len(out) >= maxFiles:
			err = fmt.Errorf("over %d files", maxFiles)
		default:
			out[p] = file{e.Hash, e.Mode}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// shownDir names a directory of a tree in a message.
func shownDir(dir string) string {
	if dir == "" {
		return "the top directory"
	}
	return fmt.Sprintf("%q", dir)
}

// checkHistory checks every tree of the commits that theirs brings and
// ours has not (see checkTree), each tree once: a sync takes the
// remote's whole history, and one bad tree in it, however old, makes
// `git fsck` of the store fail.
func checkHistory(s storer.EncodedObjectStorer, ours, theirs *object.Commit) error {
	known := map[plumbing.Hash]bool{}
	if ours != nil {
		err := object.NewCommitPreorderIter(ours, nil, nil).ForEach(func(c *object.Commit) error {
			known[c.Hash] = true
			return nil
		})
		if err != nil {
			return fmt.Errorf("read the history of %s: %w", ours.Hash, err)
		}
	}
	trees := map[plumbing.Hash]bool{}
	return object.NewCommitPreorderIter(theirs, known, nil).ForEach(func(c *object.Commit) error {
		if err := checkTrees(s, c.TreeHash, 0, trees); err != nil {
			return fmt.Errorf("commit %s: %w", c.Hash, err)
		}
		return nil
	})
}

// checkTrees checks tree h and those below it that seen does not hold.
func checkTrees(s storer.EncodedObjectStorer, h plumbing.Hash, depth int, seen map[plumbing.Hash]bool) error {
	if seen[h] {
		return nil
	}
	seen[h] = true
	if depth > maxDepth {
		return fmt.Errorf("directories nested over %d deep", maxDepth)
	}
	entries, err := readTree(s, h)
	if err != nil {
		return fmt.Errorf("tree %s: %w", h, err)
	}
	for _, e := range entries {
		if e.Mode == filemode.Dir {
			if err := checkTrees(s, e.Hash, depth+1, seen); err != nil {
				return err
			}
		}
	}
	return nil
}

// modes are the modes git writes in a tree, as it writes them: go-git
// reads "100600" or "040000" as one of them, `git fsck` does not.
var modes = map[string]filemode.FileMode{
	"40000": filemode.Dir, "100644": filemode.Regular, "100755": filemode.Executable,
	"120000": filemode.Symlink, "160000": filemode.Submodule,
}

// readTree reads tree h's entries from its raw form, refusing what `git
// fsck` refuses in a tree and the names no store may hold: an entry
// named twice or out of git's order, a name with "/" or one
// [git.CleanPath] refuses (., .., .git), a mode git does not write.
func readTree(s storer.EncodedObjectStorer, h plumbing.Hash) ([]object.TreeEntry, error) {
	obj, err := s.EncodedObject(plumbing.TreeObject, h)
	if err != nil {
		return nil, err
	}
	r, err := obj.Reader()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	raw, err := io.ReadAll(io.LimitReader(r, git.MaxFile+1))
	if err != nil || len(raw) > git.MaxFile {
		return nil, fmt.Errorf("tree over %d bytes or unreadable: %v", git.MaxFile, err)
	}
	var out []object.TreeEntry
	names := map[string]bool{}
	prev := ""
	for len(raw) > 0 {
		e, rest, err := treeEntry(raw)
		if err != nil {
			return nil, err
		}
		key := sortKey(e)
		if names[e.Name] || key <= prev {
			return nil, fmt.Errorf("entries out of order or named twice at %q", e.Name)
		}
		names[e.Name], prev, raw = true, key, rest
		out = append(out, e)
	}
	return out, nil
}

// treeEntry parses the first entry of a raw tree: "MODE NAME\0" and 20
// bytes of hash.
func treeEntry(raw []byte) (object.TreeEntry, []byte, error) {
	mode, rest, ok := bytes.Cut(raw, []byte{' '})
	name, rest, ok2 := bytes.Cut(rest, []byte{0})
	if !ok || !ok2 || len(rest) < 20 {
		return object.TreeEntry{}, nil, fmt.Errorf("a malformed entry")
	}
	m, known := modes[string(mode)]
	if !known {
		return object.TreeEntry{}, nil, fmt.Errorf("%q has the mode %q, which git does not write", name, mode)
	}
	if bytes.IndexByte(name, '/') >= 0 || git.CleanPath(string(name)) != nil {
		return object.TreeEntry{}, nil, fmt.Errorf("%w %q", git.ErrBadPath, name)
	}
	e := object.TreeEntry{Name: string(name), Mode: m}
	copy(e.Hash[:], rest[:20])
	return e, rest[20:], nil
}

// sortKey orders tree entries as git does: a directory as if its name
// ended in "/".
func sortKey(e object.TreeEntry) string {
	if e.Mode == filemode.Dir {
		return e.Name + "/"
	}
	return e.Name
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
	slices.SortFunc(t.Entries, func(a, b object.TreeEntry) int { return strings.Compare(sortKey(a), sortKey(b)) })
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
