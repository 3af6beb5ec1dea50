package full

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"time"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/session-intelligence/session-intelligence/shared/ai/notes"
	gitstore "github.com/session-intelligence/session-intelligence/shared/ai/store/git"
)

// pushTree makes the remote's main branch one commit of fs, on top of
// main's commit when there is one, written straight into the bare
// repository as a hostile or careless remote could hold it.
func (w *world) pushTree(fs files) plumbing.Hash {
	w.t.Helper()
	repo, err := git.PlainOpen(w.remote)
	if err != nil {
		w.t.Fatal(err)
	}
	tree, err := writeTree(repo.Storer, fs)
	if err != nil {
		w.t.Fatal(err)
	}
	sig := object.Signature{Name: "x", Email: "x@localhost", When: t0}
	c := &object.Commit{Author: sig, Committer: sig, Message: "remote\n", TreeHash: tree}
	if ref, err := repo.Reference("refs/heads/main", true); err == nil {
		c.ParentHashes = []plumbing.Hash{ref.Hash()}
	}
	h := w.put(repo, c)
	if err := repo.Storer.SetReference(plumbing.NewHashReference("refs/heads/main", h)); err != nil {
		w.t.Fatal(err)
	}
	return h
}

// put stores an object in repo.
func (w *world) put(repo *git.Repository, o interface {
	Encode(plumbing.EncodedObject) error
}) plumbing.Hash {
	w.t.Helper()
	obj := repo.Storer.NewEncodedObject()
	if err := o.Encode(obj); err != nil {
		w.t.Fatal(err)
	}
	h, err := repo.Storer.SetEncodedObject(obj)
	if err != nil {
		w.t.Fatal(err)
	}
	return h
}

// blob stores data in the remote and returns its file entry.
func (w *world) blob(data string) file {
	w.t.Helper()
	repo, err := git.PlainOpen(w.remote)
	if err != nil {
		w.t.Fatal(err)
	}
	h, err := writeBlob(repo.Storer, []byte(data))
	if err != nil {
		w.t.Fatal(err)
	}
	return file{h, filemode.Regular}
}

// rawTree stores a tree object of the given entries as they are, in
// their order, twice or not: what writeTree would never write.
func (w *world) rawTree(entries ...object.TreeEntry) file {
	w.t.Helper()
	repo, err := git.PlainOpen(w.remote)
	if err != nil {
		w.t.Fatal(err)
	}
	var raw []byte
	for _, e := range entries {
		raw = fmt.Appendf(raw, "%o %s\x00", uint32(e.Mode), e.Name)
		raw = append(raw, e.Hash[:]...)
	}
	obj := repo.Storer.NewEncodedObject()
	obj.SetType(plumbing.TreeObject)
	wr, _ := obj.Writer()
	_, _ = wr.Write(raw)
	_ = wr.Close()
	h, err := repo.Storer.SetEncodedObject(obj)
	if err != nil {
		w.t.Fatal(err)
	}
	return file{h, filemode.Dir}
}

// notesFiles is what a remote needs to be taken for a notes store.
func (w *world) notesFiles() files {
	return files{gitstore.FormatFile: w.blob(fmt.Sprintf("%s %d\n", notes.Kind, notes.Version))}
}

// pushMany makes the remote's main branch a notes store with n files that
// are not notes, all in one directory, through git fast-import (one
// pack, as a server holds it; go-git would write n loose objects).
func (w *world) pushMany(n int) {
	w.t.Helper()
	var in strings.Builder
	format := fmt.Sprintf("%s %d\n", notes.Kind, notes.Version)
	fmt.Fprintf(&in, "blob\nmark :1\ndata %d\n%s\n", len(format), format)
	for i := range n {
		data := fmt.Sprintf("file %d\n", i)
		fmt.Fprintf(&in, "blob\nmark :%d\ndata %d\n%s\n", i+2, len(data), data)
	}
	fmt.Fprintf(&in, "commit refs/heads/main\ncommitter x <x@localhost> %d +0000\ndata 7\nremote\n", t0.Unix())
	fmt.Fprintf(&in, "M 100644 :1 %s\n", gitstore.FormatFile)
	for i := range n {
		fmt.Fprintf(&in, "M 100644 :%d junk/f%05d.txt\n", i+2, i)
	}
	cmd := exec.Command("git", "-C", w.remote, "fast-import", "--quiet")
	cmd.Stdin = strings.NewReader(in.String())
	if out, err := cmd.CombinedOutput(); err != nil {
		w.t.Fatalf("fast-import: %v\n%s", err, out)
	}
}

// TestSyncManyFiles: a remote of 20,000 files that are not notes, in one
// directory, syncs into a new store whole and sound, and again with
// nothing to do. It took 43 s for 10,000 when each file written searched
// the index and read the directory; see BenchmarkSyncFiles for times.
func TestSyncManyFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("20,000 files")
	}
	transports(t, func(t *testing.T, w *world) {
		const n = 20000
		w.pushMany(n)
		dir := w.store("a")
		w.sync(dir)
		if got := len(workFiles(t, dir)); got != n+1 { // and the format file
			t.Errorf("%d working files, want %d", got, n+1)
		}
		if r := w.sync(dir); r.Added+r.Changed+r.Removed != 0 || r.Pushed {
			t.Errorf("second sync: %+v", r)
		}
		sound(t, dir)
	})
}

// BenchmarkSyncFiles: a first sync of a remote of n files that are not
// notes, in one directory; `go test -run '^$' -bench SyncFiles
// -benchtime 1x ./shared/ai/notes/full/` prints the time of each.
func BenchmarkSyncFiles(b *testing.B) {
	for _, n := range []int{5000, 10000, 20000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				b.StopTimer()
				w := benchWorld(b)
				w.pushMany(n)
				b.StartTimer()
				if _, err := Sync(context.Background(), w.store(fmt.Sprint("s", i)), Options{URL: w.remote, Now: w.opts.Now}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// benchWorld is a world for a benchmark.
func benchWorld(b *testing.B) *world {
	remote := b.TempDir() + "/remote.git"
	if _, err := git.PlainInit(remote, true); err != nil {
		b.Fatal(err)
	}
	return &world{t: b, remote: remote, opts: Options{Now: func() time.Time { return t0 }}}
}
