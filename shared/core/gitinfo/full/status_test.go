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
	st, err := Compute(context.Background(), d, Options{})
	if err != nil || st.Subject != "" || st.Dirty != 1 || !slices.Equal(st.Files, []string{"a.txt"}) {
		t.Fatalf("no commits yet: %+v, %v", st, err)
	}
	run(t, dir, "add", ".")
	run(t, dir, "commit", "-q", "-m", "feat: first\n\nbody")
	write(t, filepath.Join(dir, "a.txt"), "one\nTWO\nthree\n")
	write(t, filepath.Join(dir, "new.txt"), "x\n")
	st, err = Compute(context.Background(), d, Options{})
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
	st, _ = Compute(context.Background(), d, Options{})
	if len(st.Commits) != 2 || !slices.Equal(st.Commits[0].Files, []string{"a.txt", "new.txt"}) || !slices.Equal(st.Commits[1].Files, []string{"a.txt"}) {
		t.Errorf("commit files: %+v", st.Commits)
	}
	run(t, dir, "checkout", "-q", "--detach")
	if branch, sha := d.Head(); branch != "" || len(sha) != 40 {
		t.Errorf("detached HEAD: branch %q sha %q", branch, sha)
	}
	if st, err := Compute(context.Background(), d, Options{}); err != nil || st.Subject != "second" {
		t.Errorf("detached HEAD: %+v, %v", st, err)
	}
}

// TestComputeLeavesOutOwnChanges: a file of the own name whose change
// Own accepts counts nowhere (dirty count, list, diffstat); one Own
// rejects, or of another name, counts as usual.
func TestComputeLeavesOutOwnChanges(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	run(t, dir, "init", "-q", "-b", "main")
	write(t, filepath.Join(dir, "CLAUDE.md"), "mine\n")
	must(t, os.MkdirAll(filepath.Join(dir, "sub"), 0o755))
	write(t, filepath.Join(dir, "sub", "CLAUDE.md"), "theirs\n")
	run(t, dir, "add", ".")
	run(t, dir, "commit", "-q", "-m", "first")
	write(t, filepath.Join(dir, "CLAUDE.md"), "OURS\nmine\n")
	write(t, filepath.Join(dir, "sub", "CLAUDE.md"), "theirs, edited\n")
	write(t, filepath.Join(dir, "notes.md"), "OURS\n")
	var seen []string
	own := Options{OwnName: "CLAUDE.md", Own: func(head, work []byte) bool {
		seen = append(seen, string(head)+"|"+string(work))
		return string(work) == "OURS\n"+string(head)
	}}
	d, _ := gitinfo.Find(dir)
	st, err := Compute(context.Background(), d, own)
	slices.Sort(st.Files)
	if err != nil || st.Dirty != 2 || !slices.Equal(st.Files, []string{"notes.md", "sub/CLAUDE.md"}) || st.Added != 1 || st.Deleted != 1 {
		t.Errorf("Compute = %+v, %v; want notes.md and sub/CLAUDE.md only, +1 -1", st, err)
	}
	slices.Sort(seen)
	if !slices.Equal(seen, []string{"mine\n|OURS\nmine\n", "theirs\n|theirs, edited\n"}) {
		t.Errorf("Own was asked about %q", seen)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
