package full

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/gitinfo"
)

func run(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@x", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func write(t *testing.T, path, body string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCompute covers a repository without commits, one with a commit and
// local changes, and a detached HEAD.
func TestCompute(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	run(t, dir, "init", "-q", "-b", "main")
	write(t, filepath.Join(dir, "a.txt"), "one\ntwo\n")
	d, _ := gitinfo.Find(dir)
	st, err := Compute(context.Background(), d)
	if err != nil || st.Subject != "" || st.Dirty != 1 || !slices.Equal(st.Files, []string{"a.txt"}) {
		t.Fatalf("no commits yet: %+v, %v", st, err)
	}
	run(t, dir, "add", ".")
	run(t, dir, "commit", "-q", "-m", "feat: first\n\nbody")
	write(t, filepath.Join(dir, "a.txt"), "one\nTWO\nthree\n")
	write(t, filepath.Join(dir, "new.txt"), "x\n")
	st, err = Compute(context.Background(), d)
	if err != nil || st.Subject != "feat: first" || st.Dirty != 2 || st.Added != 2 || st.Deleted != 1 {
		t.Errorf("after a commit and edits: %+v, %v; want subject, 2 dirty, +2 -1", st, err)
	}
	if len(st.Commits) != 1 || st.Commits[0].Subject != "feat: first" || !slices.Equal(st.HeadFiles, []string{"a.txt"}) {
		t.Errorf("commits %+v head files %v", st.Commits, st.HeadFiles)
	}
	if !slices.Equal(st.Commits[0].Files, []string{"a.txt"}) {
		t.Errorf("root commit files %v, want [a.txt]", st.Commits[0].Files)
	}
	if st.Key != d.Key() {
		t.Errorf("key %q, want %q", st.Key, d.Key())
	}
	run(t, dir, "add", ".")
	run(t, dir, "commit", "-q", "-m", "second")
	st, _ = Compute(context.Background(), d)
	if len(st.Commits) != 2 || !slices.Equal(st.Commits[0].Files, []string{"a.txt", "new.txt"}) || !slices.Equal(st.Commits[1].Files, []string{"a.txt"}) {
		t.Errorf("commit files: %+v", st.Commits)
	}
	run(t, dir, "checkout", "-q", "--detach")
	if branch, sha := d.Head(); branch != "" || len(sha) != 40 {
		t.Errorf("detached HEAD: branch %q sha %q", branch, sha)
	}
	if st, err := Compute(context.Background(), d); err != nil || st.Subject != "second" {
		t.Errorf("detached HEAD: %+v, %v", st, err)
	}
}
