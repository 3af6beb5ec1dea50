package git

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

func goGitBytes(t *testing.T, enc func(plumbing.EncodedObject) error) []byte {
	t.Helper()
	obj := &plumbing.MemoryObject{}
	if err := enc(obj); err != nil {
		t.Fatal(err)
	}
	r, _ := obj.Reader()
	data, _ := io.ReadAll(r)
	return data
}

// TestEncodeMatchesGoGit: commits and trees are the bytes go-git writes,
// so their hashes do not change with the encoder.
func TestEncodeMatchesGoGit(t *testing.T) {
	tree := plumbing.ComputeHash(plumbing.TreeObject, []byte("t"))
	parent := plumbing.ComputeHash(plumbing.CommitObject, []byte("p"))
	east := time.Date(2026, 3, 1, 9, 30, 5, 0, time.FixedZone("", 5*3600+30*60))
	for _, c := range []struct {
		when   time.Time
		parent plumbing.Hash
	}{{fixed, plumbing.ZeroHash}, {east, parent}, {time.Unix(-5, 0).UTC(), parent}} {
		sig := object.Signature{Name: "ai", Email: "ai@localhost", When: c.when}
		want := &object.Commit{Author: sig, Committer: sig, Message: "Add x\n\nbody", TreeHash: tree}
		if !c.parent.IsZero() {
			want.ParentHashes = []plumbing.Hash{c.parent}
		}
		if got, w := encodeCommit("ai", c.when, "Add x\n\nbody", tree, c.parent), goGitBytes(t, want.Encode); !bytes.Equal(got, w) {
			t.Errorf("commit at %v:\n got %q\nwant %q", c.when, got, w)
		}
	}
	entries := []treeEntry{
		{name: "b", mode: filemode.Regular, hash: tree},
		{name: "a", mode: filemode.Dir, hash: parent},
		{name: "a.md", mode: filemode.Regular, hash: parent},
		{name: "x", mode: filemode.Executable, hash: tree},
	}
	var theirs []object.TreeEntry
	for _, e := range []int{2, 1, 0, 3} { // git's order: "a.md" < "a/" < "b" < "x"
		theirs = append(theirs, object.TreeEntry{Name: entries[e].name, Mode: entries[e].mode, Hash: entries[e].hash})
	}
	got, err := encodeTree(entries)
	if err != nil {
		t.Fatal(err)
	}
	if w := goGitBytes(t, (&object.Tree{Entries: theirs}).Encode); !bytes.Equal(got, w) {
		t.Errorf("tree:\n got %q\nwant %q", got, w)
	}
	if _, err := encodeTree([]treeEntry{{name: "a\x00b", mode: filemode.Regular}}); err == nil {
		t.Error("a name with a NUL was encoded")
	}
}

// TestReadObjectsLikeGoGit: what the store committed reads back the same
// through readTree and commitTree as through go-git.
func TestReadObjectsLikeGoGit(t *testing.T) {
	s := scratch(t)
	big := strings.Repeat("a line that repeats, as a memory segment's do\n", 500)
	write(t, s, "add", map[string]string{"a/b/c.md": "c\n", "a/d.md": "d\n", "e.md": "e\n", "big.md": big})
	head, err := s.head()
	if err != nil {
		t.Fatal(err)
	}
	c, err := object.GetCommit(s.git(), head)
	if err != nil {
		t.Fatal(err)
	}
	root, err := s.commitTree(head)
	if err != nil || root != c.TreeHash {
		t.Fatalf("commitTree = %s, %v; go-git says %s", root, err, c.TreeHash)
	}
	var got []string
	err = s.walkFiles(root, "", func(p string, h plumbing.Hash) error {
		got = append(got, p+" "+h.String())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	files, _ := c.Files()
	_ = files.ForEach(func(f *object.File) error {
		want = append(want, f.Name+" "+f.Hash.String())
		return nil
	})
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("walkFiles:\n%s\ngo-git:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// A large object is compressed with matches, and go-git reads it.
	bh := plumbing.ComputeHash(plumbing.BlobObject, []byte(big))
	fi, err := os.Stat(filepath.Join(s.GitDir(), "objects", bh.String()[:2], bh.String()[2:]))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Size() > int64(len(big))/10 {
		t.Errorf("big.md's object takes %d bytes for %d", fi.Size(), len(big))
	}
	blob, err := object.GetBlob(s.git(), bh)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := blob.Reader()
	if data, _ := io.ReadAll(r); string(data) != big {
		t.Errorf("go-git read big.md's object as %d bytes", len(data))
	}
	if _, err := s.readObject(plumbing.TreeObject, head); err == nil || !strings.Contains(err.Error(), "not a tree") {
		t.Errorf("a commit read as a tree: %v", err)
	}
	hex := root.String()
	loose := filepath.Join(s.GitDir(), "objects", hex[:2], hex[2:])
	if err := os.Chmod(loose, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(loose, []byte("not zlib"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := s.readTree(root); err == nil {
		t.Error("a damaged loose object was read")
	}
}
