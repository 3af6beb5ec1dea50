package git

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/object"

	// perms: the package itself uses go-git's filemode.
	perms "github.com/session-intelligence/session-intelligence/shared/testkit/filemode"
)

var fixed = time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)

func opts(v int) Options {
	return Options{Kind: "test", Version: v, Now: func() time.Time { return fixed }}
}

func scratch(t *testing.T) *Store {
	t.Helper()
	s, created, err := Init(filepath.Join(t.TempDir(), "store"), opts(1), "Create", map[string][]byte{"README.md": []byte("hi\n")})
	if err != nil || !created {
		t.Fatalf("Init = %v, created %v", err, created)
	}
	return s
}

func write(t *testing.T, s *Store, msg string, files map[string]string) string {
	t.Helper()
	h, err := s.Update(func(tx *Tx) (string, error) {
		for p, data := range files {
			if data == "" {
				tx.Remove(p)
			} else {
				tx.Write(p, []byte(data))
			}
		}
		return msg, nil
	})
	if err != nil {
		t.Fatalf("Update: %v", err)
	}
	return h
}

// checkClean asserts that go-git sees the working files equal to HEAD
// and returns the commit messages, newest first.
func checkClean(t *testing.T, s *Store) []string {
	t.Helper()
	repo, err := git.PlainOpen(s.Dir())
	if err != nil {
		t.Fatal(err)
	}
	wt, err := repo.Worktree()
	if err != nil {
		t.Fatal(err)
	}
	st, err := wt.Status()
	if err != nil {
		t.Fatal(err)
	}
	if !st.IsClean() {
		t.Errorf("working files differ from HEAD:\n%s", st)
	}
	head, err := repo.Head()
	if err != nil {
		t.Fatal(err)
	}
	if head.Name().String() != Branch {
		t.Errorf("HEAD is %s, want %s", head.Name(), Branch)
	}
	iter, err := repo.Log(&git.LogOptions{From: head.Hash()})
	if err != nil {
		t.Fatal(err)
	}
	var msgs []string
	_ = iter.ForEach(func(c *object.Commit) error {
		msgs = append(msgs, c.Message)
		return nil
	})
	return msgs
}

func TestUpdateCommitsEachChange(t *testing.T) {
	s := scratch(t)
	write(t, s, "add a", map[string]string{"notes/a.txt": "one\n", "b.txt": "bee\n"})
	write(t, s, "change a", map[string]string{"notes/a.txt": "one\ntwo\n"})
	write(t, s, "remove b", map[string]string{"b.txt": ""})
	if h := write(t, s, "same again", map[string]string{"notes/a.txt": "one\ntwo\n"}); h != "" {
		t.Errorf("an update that changes nothing made commit %s", h)
	}
	msgs := checkClean(t, s)
	want := []string{"remove b", "change a", "add a", "Create"}
	if strings.Join(msgs, "|") != strings.Join(want, "|") {
		t.Errorf("commits = %q, want %q", msgs, want)
	}
	if data, _ := s.Read("notes/a.txt"); string(data) != "one\ntwo\n" {
		t.Errorf("notes/a.txt = %q", data)
	}
	if _, err := os.Stat(filepath.Join(s.Dir(), "b.txt")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("b.txt still there: %v", err)
	}
}

func TestRemovingLastFileDropsDirectory(t *testing.T) {
	s := scratch(t)
	write(t, s, "add", map[string]string{"d/e/f.txt": "x\n"})
	write(t, s, "remove", map[string]string{"d/e/f.txt": ""})
	checkClean(t, s)
	if _, err := os.Stat(filepath.Join(s.Dir(), "d")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("empty directory d left behind: %v", err)
	}
}

func TestTxSeesItsOwnWrites(t *testing.T) {
	s := scratch(t)
	write(t, s, "add", map[string]string{"n/1.txt": "1\n"})
	_, err := s.Update(func(tx *Tx) (string, error) {
		tx.Write("n/2.txt", []byte("2\n"))
		tx.Remove("n/1.txt")
		names, err := tx.List("n")
		if err != nil || strings.Join(names, ",") != "2.txt" {
			t.Errorf("List(n) = %q, %v; want [2.txt]", names, err)
		}
		if data, err := tx.Read("n/2.txt"); string(data) != "2\n" || err != nil {
			t.Errorf("Read(n/2.txt) = %q, %v", data, err)
		}
		if _, err := tx.Read("n/1.txt"); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("Read(removed) error = %v, want not exist", err)
		}
		root, _ := tx.List("")
		if strings.Join(root, ",") != ".ai-format,README.md,n/" {
			t.Errorf("List(root) = %q", root)
		}
		return "swap", nil
	})
	if err != nil {
		t.Fatal(err)
	}
	checkClean(t, s)
}

func TestUpdateErrorChangesNothing(t *testing.T) {
	s := scratch(t)
	before, _ := s.Head()
	_, err := s.Update(func(tx *Tx) (string, error) {
		tx.Write("x.txt", []byte("x"))
		return "", errors.New("boom")
	})
	if err == nil || err.Error() != "boom" {
		t.Fatalf("Update error = %v, want boom", err)
	}
	if after, _ := s.Head(); after != before {
		t.Errorf("HEAD moved from %s to %s", before, after)
	}
	if _, err := os.Stat(filepath.Join(s.Dir(), "x.txt")); err == nil {
		t.Error("x.txt written by a failed update")
	}
}

func TestCleanPath(t *testing.T) {
	tests := []struct {
		path string
		ok   bool
	}{
		{"a.txt", true},
		{"notes/0000000.txt", true},
		{"a/b/c", true},
		{"", false},
		{"/etc/passwd", false},
		{"../x", false},
		{"a/../../x", false},
		{"a/./b", false},
		{"a//b", false},
		{"a/", false},
		{".git/config", false},
		{"x/.GIT/hooks", false},
		{`a\b`, false},
		{"a\x00b", false},
	}
	for _, tt := range tests {
		err := CleanPath(tt.path)
		if (err == nil) != tt.ok {
			t.Errorf("CleanPath(%q) = %v, want ok=%v", tt.path, err, tt.ok)
		}
		if err != nil && !errors.Is(err, ErrBadPath) {
			t.Errorf("CleanPath(%q) error %v is not ErrBadPath", tt.path, err)
		}
	}
}

func TestBadPathFailsUpdate(t *testing.T) {
	s := scratch(t)
	_, err := s.Update(func(tx *Tx) (string, error) {
		tx.Write("../escape.txt", []byte("x"))
		return "escape", nil
	})
	if !errors.Is(err, ErrBadPath) {
		t.Fatalf("Update error = %v, want ErrBadPath", err)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(s.Dir()), "escape.txt")); err == nil {
		t.Error("a file was written outside the store")
	}
}

func TestInitRefusesOtherDirectory(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "mine.txt"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Init(dir, opts(1), "Create", nil); !errors.Is(err, ErrNotEmpty) {
		t.Fatalf("Init on a used directory = %v, want ErrNotEmpty", err)
	}
}

func TestInitTwiceOpens(t *testing.T) {
	s := scratch(t)
	head, _ := s.Head()
	s2, created, err := Init(s.Dir(), opts(1), "Create", nil)
	if err != nil || created {
		t.Fatalf("second Init = %v, created %v", err, created)
	}
	if h, _ := s2.Head(); h != head {
		t.Errorf("second Init committed: %s -> %s", head, h)
	}
}

// TestPrivateModes: the store's folders and files are private, by their
// modes on Unix and by their ACLs on Windows (see testkit/filemode).
func TestPrivateModes(t *testing.T) {
	s := scratch(t)
	write(t, s, "add", map[string]string{"d/f.txt": "x\n"})
	for path, want := range map[string]os.FileMode{
		s.Dir():                              0o700,
		s.GitDir():                           0o700,
		filepath.Join(s.Dir(), "d"):          0o700,
		filepath.Join(s.Dir(), "d", "f.txt"): 0o600,
	} {
		perms.Check(t, path, want)
	}
}

// TestPackedRef: after `git pack-refs` the branch lives in packed-refs;
// the next commit goes on top of it.
func TestPackedRef(t *testing.T) {
	s := scratch(t)
	first := write(t, s, "one", map[string]string{"a.txt": "1\n"})
	loose := filepath.Join(s.GitDir(), "refs", "heads", "main")
	packed := "# pack-refs with: peeled fully-peeled sorted \n" + first + " " + Branch + "\n"
	if err := os.WriteFile(filepath.Join(s.GitDir(), "packed-refs"), []byte(packed), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(loose); err != nil {
		t.Fatal(err)
	}
	if h, err := s.Head(); err != nil || h != first {
		t.Fatalf("Head from packed-refs = %q, %v; want %s", h, err, first)
	}
	write(t, s, "two", map[string]string{"a.txt": "2\n"})
	if msgs := checkClean(t, s); strings.Join(msgs, "|") != "two|one|Create" {
		t.Errorf("commits = %q", msgs)
	}
}

func TestBadRef(t *testing.T) {
	s := scratch(t)
	if err := os.WriteFile(filepath.Join(s.GitDir(), "refs", "heads", "main"), []byte("garbage\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := s.Update(func(tx *Tx) (string, error) { tx.Write("x", []byte("x")); return "x", nil })
	if err == nil || !strings.Contains(err.Error(), `bad hash "garbage"`) {
		t.Errorf("Update on a broken ref = %v", err)
	}
}
