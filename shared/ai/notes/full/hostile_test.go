package full

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// TestSyncRefusesHostileRemotes: a remote whose history holds what no
// notes store may (a path with .. or .git, a tree with an entry twice or
// out of order, a mode git never writes, however far back) is refused,
// and the store is left as it was: the same files, and a repository
// `git fsck --strict` accepts, with nothing of the refused fetch in it.
func TestSyncRefusesHostileRemotes(t *testing.T) {
	cases := []struct {
		name string
		bad  func(w *world, fs files)
		old  bool // the bad tree is in an older commit, the newest is clean
		want string
	}{
		{"dot-dot path", func(w *world, fs files) { fs["../escape"] = w.blob("x\n") }, false, `bad path ".."`},
		{".git path", func(w *world, fs files) { fs[".git/hooks/post-checkout"] = w.blob("x\n") }, false, `bad path ".git"`},
		{"upper-case .GIT", func(w *world, fs files) { fs["a/.GIT/config"] = w.blob("x\n") }, false, `bad path ".GIT"`},
		{"entry twice", func(w *world, fs files) {
			b := w.blob("x\n")
			fs["dir"] = w.rawTree(object.TreeEntry{Name: "same", Mode: filemode.Regular, Hash: b.hash},
				object.TreeEntry{Name: "same", Mode: filemode.Regular, Hash: b.hash})
		}, false, "named twice"},
		{"out of order", func(w *world, fs files) {
			b := w.blob("x\n")
			fs["dir"] = w.rawTree(object.TreeEntry{Name: "b", Mode: filemode.Regular, Hash: b.hash},
				object.TreeEntry{Name: "a", Mode: filemode.Regular, Hash: b.hash})
		}, false, "out of order"},
		{"bad mode", func(w *world, fs files) {
			fs["dir"] = w.rawTree(object.TreeEntry{Name: "m", Mode: 0o100600, Hash: w.blob("x\n").hash})
		}, false, `the mode "100600"`},
		{"bad path in an older commit", func(w *world, fs files) { fs["../escape"] = w.blob("x\n") }, true, `bad path ".."`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			transports(t, func(t *testing.T, w *world) {
				a := create(t, w.store("a"))
				add(t, a, "x", "one")
				w.sync(a.Dir())
				fs := w.notesFiles()
				c.bad(w, fs)
				w.pushTree(fs)
				if c.old {
					w.pushTree(w.notesFiles())
				}
				before := workFiles(t, a.Dir())
				head, _ := a.Store().Head()
				o := w.opts
				o.URL = w.remote
				_, err := Sync(context.Background(), a.Dir(), o)
				if !errors.Is(err, ErrRemote) || !strings.Contains(err.Error(), c.want) {
					t.Errorf("sync = %v, want ErrRemote and %q", err, c.want)
				}
				if after, _ := a.Store().Head(); after != head || !mapsEqual(before, workFiles(t, a.Dir())) {
					t.Error("a refused sync changed the store")
				}
				sound(t, a.Dir())
			})
		})
	}
}

// TestSyncStops: a sync whose context ends while it writes the files
// returns the context's error and leaves the store for the next command
// to finish, which it does (the files complete, the repository sound);
// one that ends while it fetches leaves nothing of the fetch. Progress
// hears each phase and the file counts.
func TestSyncStops(t *testing.T) {
	transports(t, func(t *testing.T, w *world) {
		w.pushMany(1200)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var phases []string
		o := w.opts
		o.URL = w.remote
		o.Progress = func(phase string, done, total int) {
			if len(phases) == 0 || phases[len(phases)-1] != phase {
				phases = append(phases, phase)
			}
			if phase == "writing" && done >= 500 {
				if total != 1201 {
					t.Errorf("writing %d of %d files, want of 1201", done, total)
				}
				cancel()
			}
		}
		dir := w.store("a")
		if _, err := Sync(ctx, dir, o); !errors.Is(err, context.Canceled) {
			t.Fatalf("sync = %v, want context.Canceled", err)
		}
		if want := []string{"fetching", "checking", "writing"}; strings.Join(phases, " ") != strings.Join(want, " ") {
			t.Errorf("phases %v, want %v", phases, want)
		}
		open(t, dir) // finishes the files
		if got := len(workFiles(t, dir)); got != 1201 {
			t.Errorf("%d files after the next open, want 1201", got)
		}
		sound(t, dir)

		gone, stop := context.WithCancel(context.Background())
		stop()
		if _, err := Sync(gone, w.store("b"), o); err == nil {
			t.Fatal("a sync with its context ended succeeded")
		}
		sound(t, w.store("b"))
	})
}
