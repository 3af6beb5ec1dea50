package full

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	git "github.com/go-git/go-git/v5"
	"github.com/session-intelligence/session-intelligence/shared/ai/notes"
	gitstore "github.com/session-intelligence/session-intelligence/shared/ai/store/git"
)

var t0 = time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)

// world is a bare remote and the options every clone syncs with.
type world struct {
	t      testing.TB
	remote string
	opts   Options
}

// transports runs f with a fresh bare remote. Path remotes are served by
// git's own programs, as a server serves ssh ones.
func transports(t *testing.T, f func(t *testing.T, w *world)) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	remote := filepath.Join(t.TempDir(), "remote.git")
	if _, err := git.PlainInit(remote, true); err != nil {
		t.Fatal(err)
	}
	f(t, &world{t: t, remote: remote, opts: Options{Now: func() time.Time { return t0 }}})
}

// sync syncs the store in dir with the remote.
func (w *world) sync(dir string) Report {
	w.t.Helper()
	o := w.opts
	o.URL = w.remote
	r, err := Sync(context.Background(), dir, o)
	if err != nil {
		w.t.Fatalf("sync %s: %v", filepath.Base(dir), err)
	}
	return r
}

func (w *world) store(name string) string { return filepath.Join(filepath.Dir(w.remote), name) }

func open(t *testing.T, dir string) *notes.Notes {
	t.Helper()
	n, _, err := notes.Open(dir, func() time.Time { return t0 })
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func create(t *testing.T, dir string) *notes.Notes {
	t.Helper()
	n, _, err := notes.Create(dir, func() time.Time { return t0 })
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func add(t *testing.T, n *notes.Notes, topic, claim string) notes.Note {
	t.Helper()
	tp, err := notes.ParseTopic(topic)
	if err != nil {
		t.Fatal(err)
	}
	note, err := n.Add(notes.Draft{Topic: tp, Title: claim, Claim: claim})
	if err != nil {
		t.Fatal(err)
	}
	return note
}

// workFiles lists a store's working files (not .git) with their content.
func workFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() && d.Name() == ".git" {
			if err == nil {
				return filepath.SkipDir
			}
			return err
		}
		if !d.IsDir() {
			data, err := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			out[filepath.ToSlash(rel)] = string(data)
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// sound checks a store: git sees a clean, sound repository.
func sound(t *testing.T, dir string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		return
	}
	for _, args := range [][]string{{"fsck", "--strict", "--no-dangling"}, {"status", "--porcelain"}} {
		out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
		if err != nil || strings.TrimSpace(string(out)) != "" {
			t.Errorf("git %s in %s: %v\n%s", args[0], dir, err, out)
		}
	}
}

// edit rewrites note id's claim in place, as a person would by hand.
func edit(t *testing.T, n *notes.Notes, topic, id, claim string) {
	t.Helper()
	tp, _ := notes.ParseTopic(topic)
	p := notes.NotePath(tp, id)
	_, err := n.Store().Update(func(tx *gitstore.Tx) (string, error) {
		data, err := tx.Read(p)
		if err != nil {
			return "", err
		}
		note, err := notes.ParseNote(p, data)
		note.Claim = claim
		tx.Write(p, note.Format())
		return "edit by hand", err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestSyncTwoClones: a second machine starts from the remote; then both
// file notes, one links a note the other moves, and after syncing both
// ways the two stores and the remote hold the same notes.
func TestSyncTwoClones(t *testing.T) {
	transports(t, func(t *testing.T, w *world) {
		a := create(t, w.store("a"))
		n1, n2 := add(t, a, "physics", "energy is conserved"), add(t, a, "physics.qm", "decoherence")
		if r := w.sync(a.Dir()); !r.Pushed || r.Merged || r.Added != 0 {
			t.Fatalf("first push: %+v", r)
		}
		r := w.sync(w.store("b"))
		if !r.Created || r.Added != 2 || r.Merged || r.Pushed {
			t.Fatalf("second machine: %+v", r)
		}
		b := open(t, w.store("b"))
		n3 := add(t, a, "biology", "cells divide")
		n4 := add(t, b, "chemistry", "bonds break")
		if _, err := a.Link(n1.ID, n2.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := b.Move(n1.ID, mustTopic(t, "physics.classical")); err != nil {
			t.Fatal(err)
		}
		w.sync(a.Dir())
		r = w.sync(b.Dir())
		if !r.Merged || !r.Pushed || r.Added != 1 || r.Changed != 2 || len(r.Conflicts) != 0 {
			t.Errorf("merge on b: %+v", r)
		}
		if r := w.sync(a.Dir()); r.Merged || r.Pushed || r.Added != 1 {
			t.Errorf("fast-forward on a: %+v", r)
		}
		fa, fb := workFiles(t, a.Dir()), workFiles(t, b.Dir())
		if !mapsEqual(fa, fb) {
			t.Errorf("the stores differ:\na %v\nb %v", keys(fa), keys(fb))
		}
		moved := fa["physics/classical/"+n1.ID+".md"]
		if !strings.Contains(moved, "links: ["+n2.ID+"]") {
			t.Errorf("the moved note lost its link:\n%s", moved)
		}
		for _, id := range []string{n3.ID, n4.ID} {
			if !slices.ContainsFunc(keys(fa), func(p string) bool { return strings.HasSuffix(p, id+".md") }) {
				t.Errorf("note %s is missing", id)
			}
		}
		sound(t, a.Dir())
		sound(t, b.Dir())
	})
}

// TestSyncTrueConflict: a claim changed differently on both sides is
// kept twice, theirs as a new note that names the first; the report says
// so; links both sides added merge without a conflict.
func TestSyncTrueConflict(t *testing.T) {
	transports(t, func(t *testing.T, w *world) {
		a := create(t, w.store("a"))
		n1, n2, n3 := add(t, a, "x", "the claim"), add(t, a, "x", "two"), add(t, a, "y", "three")
		w.sync(a.Dir())
		w.sync(w.store("b"))
		b := open(t, w.store("b"))
		edit(t, a, "x", n1.ID, "the claim, as a sees it")
		edit(t, b, "x", n1.ID, "the claim, as b sees it")
		if _, err := a.Link(n2.ID, n3.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := b.Link(n2.ID, n1.ID); err != nil {
			t.Fatal(err)
		}
		w.sync(a.Dir())
		r := w.sync(b.Dir())
		if len(r.Conflicts) != 1 || !strings.Contains(r.Conflicts[0], "note "+n1.ID+" changed on both sides: kept both, yours as "+n1.ID+" and theirs as ") {
			t.Fatalf("conflicts: %q", r.Conflicts)
		}
		fb := workFiles(t, b.Dir())
		if !strings.Contains(fb["x/"+n1.ID+".md"], "as b sees it") {
			t.Errorf("ours was not kept:\n%s", fb["x/"+n1.ID+".md"])
		}
		var copies []string
		for p, data := range fb {
			if strings.Contains(data, "conflict-of: "+n1.ID) {
				copies = append(copies, p)
				if !strings.Contains(data, "as a sees it") {
					t.Errorf("the conflict copy does not hold theirs:\n%s", data)
				}
			}
		}
		if len(copies) != 1 {
			t.Errorf("conflict copies: %v", copies)
		}
		if two := fb["x/"+n2.ID+".md"]; !strings.Contains(two, "links: ["+sortedPair(n1.ID, n3.ID)+"]") {
			t.Errorf("links did not merge:\n%s", two)
		}
		w.sync(a.Dir())
		if !mapsEqual(workFiles(t, a.Dir()), fb) {
			t.Error("a and b differ after syncing back")
		}
		sound(t, b.Dir())
	})
}

// TestSyncRetriesWhenRemoteMoves: another machine pushes between this
// sync's fetch and its push; the sync fetches and merges again and lands.
func TestSyncRetriesWhenRemoteMoves(t *testing.T) {
	transports(t, func(t *testing.T, w *world) {
		a := create(t, w.store("a"))
		add(t, a, "x", "one")
		w.sync(a.Dir())
		w.sync(w.store("c"))
		c := open(t, w.store("c"))
		add(t, a, "x", "from a")
		late := add(t, c, "y", "from c")
		once := true
		testOnlyBeforePush = func() {
			if once {
				once = false
				w.sync(c.Dir())
			}
		}
		defer func() { testOnlyBeforePush = func() {} }()
		r := w.sync(a.Dir())
		if !r.Pushed || r.Added != 1 || !r.Merged {
			t.Errorf("report: %+v", r)
		}
		if _, ok := workFiles(t, a.Dir())["y/"+late.ID+".md"]; !ok {
			t.Error("the note pushed meanwhile is missing")
		}
		if r := w.sync(c.Dir()); r.Added != 1 || r.Merged {
			t.Errorf("c after: %+v", r)
		}
	})
}

// TestSyncRefusals: no remote, a remote branch that is not notes, and
// one written by a newer ai are refused without changing the store.
func TestSyncRefusals(t *testing.T) {
	transports(t, func(t *testing.T, w *world) {
		a := create(t, w.store("a"))
		add(t, a, "x", "one")
		if _, err := Sync(context.Background(), a.Dir(), w.opts); !errors.Is(err, ErrNoRemote) ||
			!strings.Contains(err.Error(), "no remote: name one once with `ai notes sync URL`") {
			t.Errorf("no remote: %v", err)
		}
		if _, err := Sync(context.Background(), w.store("none"), w.opts); !errors.Is(err, notes.ErrNoNotes) {
			t.Errorf("no store and no remote: %v", err)
		}
		other := create(t, w.store("other"))
		add(t, other, "x", "two")
		if _, err := other.Store().Update(func(tx *gitstore.Tx) (string, error) {
			tx.Write(gitstore.FormatFile, []byte("notes 9\n"))
			return "from the future", nil
		}); err != nil {
			t.Fatal(err)
		}
		w.sync(a.Dir())
		before := workFiles(t, other.Dir())
		o := w.opts
		o.URL = w.remote
		_, err := Sync(context.Background(), other.Dir(), o)
		if err == nil || !strings.Contains(err.Error(), "the remote's notes have format") && !strings.Contains(err.Error(), "has format 9") {
			t.Errorf("newer local store: %v", err)
		}
		if !mapsEqual(before, workFiles(t, other.Dir())) {
			t.Error("a refused sync changed the store")
		}
	})
}

func mustTopic(t *testing.T, s string) notes.Topic {
	t.Helper()
	tp, err := notes.ParseTopic(s)
	if err != nil {
		t.Fatal(err)
	}
	return tp
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func sortedPair(a, b string) string {
	if a > b {
		a, b = b, a
	}
	return a + ", " + b
}

// TestSyncUnrelatedStores: a store made just now takes the remote's
// history as it is; one that already holds notes of its own merges with
// it, though the two share no commit.
func TestSyncUnrelatedStores(t *testing.T) {
	transports(t, func(t *testing.T, w *world) {
		a := create(t, w.store("a"))
		add(t, a, "x", "from a")
		w.sync(a.Dir())
		later := w.opts
		later.Now = func() time.Time { return t0.Add(time.Hour) }
		later.URL = w.remote
		fresh, _, err := notes.Create(w.store("fresh"), later.Now)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Sync(context.Background(), fresh.Dir(), later)
		if err != nil || r.Merged || r.Added != 1 {
			t.Fatalf("fresh store: %+v, %v", r, err)
		}
		ha, _ := a.Store().Head()
		if hf, _ := open(t, fresh.Dir()).Store().Head(); hf != ha {
			t.Errorf("the fresh store's head %s is not the remote's %s", hf, ha)
		}
		own, _, err := notes.Create(w.store("own"), later.Now)
		if err != nil {
			t.Fatal(err)
		}
		mine := add(t, own, "y", "from own")
		r, err = Sync(context.Background(), own.Dir(), later)
		if err != nil || !r.Merged || !r.Pushed || r.Added != 1 || len(r.Conflicts) != 0 {
			t.Fatalf("store with notes of its own: %+v, %v", r, err)
		}
		if r := w.sync(a.Dir()); r.Added != 1 {
			t.Errorf("a did not get %s: %+v", mine.ID, r)
		}
		sound(t, own.Dir())
	})
}
