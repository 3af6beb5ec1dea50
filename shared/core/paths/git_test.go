package paths

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// realTemp is t.TempDir with symlinks resolved, since git reports real
// paths.
func realTemp(t *testing.T) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "init.defaultBranch=main"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func mkdirs(t *testing.T, dirs ...string) {
	t.Helper()
	for _, d := range dirs {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestGitRootRealRepo uses real git: a main checkout and a linked
// worktree made with `git worktree add`.
func TestGitRootRealRepo(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	base := realTemp(t)
	repo := filepath.Join(base, "repo")
	wt := filepath.Join(base, "wt")
	none := filepath.Join(base, "plain", "sub")
	mkdirs(t, filepath.Join(repo, "src", "deep"), none)
	git(t, repo, "init", "-q")
	git(t, repo, "commit", "-q", "--allow-empty", "-m", "init")
	git(t, repo, "worktree", "add", "-q", wt)
	mkdirs(t, filepath.Join(wt, "pkg"))

	tests := []struct {
		name, dir, root, canonical string
	}{
		{"main root", repo, repo, repo},
		{"main subdir", filepath.Join(repo, "src", "deep"), repo, repo},
		{"worktree root", wt, wt, repo},
		{"worktree subdir", filepath.Join(wt, "pkg"), wt, repo},
		{"unclean path", filepath.Join(wt, "pkg", "..", "pkg") + "/", wt, repo},
		{"outside any repo", none, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := GitRoot(tt.dir); got != tt.root {
				t.Errorf("GitRoot(%q) = %q, want %q", tt.dir, got, tt.root)
			}
			if got := CanonicalGitRoot(tt.dir); got != tt.canonical {
				t.Errorf("CanonicalGitRoot(%q) = %q, want %q", tt.dir, got, tt.canonical)
			}
		})
	}
	d := Dirs{Claude: base}
	if got, want := d.MemoryDir(filepath.Join(wt, "pkg")), filepath.Join(base, "projects", EncodeProject(repo), "memory"); got != want {
		t.Errorf("MemoryDir(worktree) = %q, want %q", got, want)
	}
	if got, want := d.MemoryDir(none), filepath.Join(base, "projects", EncodeProject(none), "memory"); got != want {
		t.Errorf("MemoryDir(no repo) = %q, want %q", got, want)
	}
}

// TestCanonicalGitRootPointers covers hand-made .git files: relative
// pointers, submodules (no commondir) and garbage.
func TestCanonicalGitRootPointers(t *testing.T) {
	base := realTemp(t)
	main := filepath.Join(base, "main")
	wtGit := filepath.Join(main, ".git", "worktrees", "rel")
	mkdirs(t, wtGit, filepath.Join(main, ".git", "modules", "sub"))

	rel := filepath.Join(base, "rel")
	mkdirs(t, rel)
	writeFile(t, filepath.Join(rel, ".git"), "gitdir: ../main/.git/worktrees/rel\n")
	writeFile(t, filepath.Join(wtGit, "commondir"), "../..\n")

	sub := filepath.Join(main, "sub")
	mkdirs(t, sub)
	writeFile(t, filepath.Join(sub, ".git"), "gitdir: ../.git/modules/sub\n")

	garbage := filepath.Join(base, "garbage")
	mkdirs(t, garbage)
	writeFile(t, filepath.Join(garbage, ".git"), "not a pointer\n")

	odd := filepath.Join(base, "odd")
	oddGit := filepath.Join(base, "store", "worktrees", "odd")
	mkdirs(t, odd, oddGit)
	writeFile(t, filepath.Join(odd, ".git"), "gitdir: "+oddGit)
	writeFile(t, filepath.Join(oddGit, "commondir"), "../..") // common dir not named .git

	tests := []struct {
		name, dir, want string
	}{
		{"relative worktree pointer", rel, main},
		{"submodule", sub, sub},
		{"garbage .git file", garbage, garbage},
		{"common dir not .git", odd, odd},
		{"main itself", main, main},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CanonicalGitRoot(tt.dir); got != tt.want {
				t.Errorf("CanonicalGitRoot(%q) = %q, want %q", tt.dir, got, tt.want)
			}
		})
	}
}
