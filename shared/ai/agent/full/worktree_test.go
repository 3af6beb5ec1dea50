package full

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestResumeWorktree: an agent's worktree is where a new session starts;
// ai makes none, so a missing one fails with the git worktree add command
// that makes it, and a directory that is no worktree of the project, or
// one whose checkout lacks ai.toml, is refused with the reason.
func TestResumeWorktree(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	cases := []struct {
		name, worktree string
		// setup prepares the project's checkout in proj, its git root.
		setup func(t *testing.T, proj string)
		want  string // in the error; "" for a session started in the worktree
	}{
		{"missing", "../dev-wt", commitProject, "does not exist; make it with:\n  git -C PROJ worktree add HOME/dev-wt"},
		{"missing, no git", "../dev-wt", nil, "does not exist, and PROJ is in no git repository"},
		{"a plain directory", "../plain", func(t *testing.T, proj string) {
			commitProject(t, proj)
			must(t, os.MkdirAll(filepath.Join(proj, "..", "plain"), 0o755))
		}, "works in HOME/plain, which is not a git worktree of PROJ"},
		{"a commit without ai.toml", "../old-wt", func(t *testing.T, proj string) {
			commitProject(t, proj)
			gitIn(t, proj, "worktree", "add", "-q", "../old-wt", "HEAD~1")
		}, "HOME/old-wt has no ai.toml at ."},
		{"a worktree", "../dev-wt", func(t *testing.T, proj string) {
			commitProject(t, proj)
			gitIn(t, proj, "worktree", "add", "-q", "../dev-wt")
		}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			open, home := project(t, "", "[agents.dev]\nworktree = \""+tc.worktree+"\"\n")
			proj := filepath.Join(home, "proj")
			if tc.setup != nil {
				tc.setup(t, proj)
			}
			l, err := open().Resume(context.Background(), "dev", proj, "ai agent resume dev", nil, BuildOptions{Summariser: stub{}})
			want := strings.NewReplacer("PROJ", proj, "HOME", home).Replace(tc.want)
			if tc.want == "" {
				if err != nil || !l.New || l.Dir != filepath.Join(home, "dev-wt") {
					t.Errorf("Resume = %+v, %v; want a new session in the worktree", l, err)
				}
				return
			}
			if !errors.Is(err, ErrWorktree) || !strings.Contains(err.Error(), want) {
				t.Errorf("Resume = %v\nwant %q", err, want)
			}
			if _, err := os.Stat(filepath.Join(home, "dev-wt")); tc.worktree == "../dev-wt" && err == nil {
				t.Error("ai made the worktree")
			}
		})
	}
}

// commitProject makes proj a git repository with two commits, the
// second adding ai.toml.
func commitProject(t *testing.T, proj string) {
	t.Helper()
	gitIn(t, proj, "init", "-q")
	must(t, os.WriteFile(filepath.Join(proj, "README"), []byte("x\n"), 0o644))
	gitIn(t, proj, "add", "README")
	gitIn(t, proj, "commit", "-qm", "first")
	gitIn(t, proj, "add", "ai.toml", ".gitignore")
	gitIn(t, proj, "commit", "-qm", "ai project")
}

func gitIn(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t",
		"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}
