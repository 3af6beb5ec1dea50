package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/testkit/refdata"
)

// TestQuickStartLeavesCloneClean: a fresh clone, the Quick start's
// ./install.sh (which builds) and a first session inside the clone, with
// the real CLI: git status stays clean (the rules come with the start
// context there, and .gitignore covers what Claude Code writes into the
// plugin's folder), and the session still gets the rules.
func TestQuickStartLeavesCloneClean(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the Quick start builds with Go, which is not on PATH")
	}
	s := newSession(t)
	s.args = nil
	settle(t, s.env.Home)
	clone := filepath.Join(t.TempDir(), "session-intelligence")
	if out, err := exec.Command("git", "clone", "-q", refdata.RepoRoot(t), clone).CombinedOutput(); err != nil {
		t.Fatalf("git clone: %v\n%s", err, out)
	}
	claudeDir := t.TempDir()
	must(t, os.Symlink(s.env.Bin, filepath.Join(claudeDir, "claude")))
	env := append(s.env.Environ(), "PATH="+claudeDir+string(os.PathListSeparator)+os.Getenv("PATH"))
	for _, k := range []string{"GOCACHE", "GOMODCACHE", "GOPATH", "GOFLAGS", "GOPROXY"} {
		if v := os.Getenv(k); v != "" {
			env = append(env, k+"="+v)
		}
	}
	install := exec.Command("./install.sh")
	install.Dir, install.Env = clone, env
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("./install.sh: %v\n%s", err, out)
	}
	s.env.Project = clone
	must(t, s.env.SeedInteractive())
	tui := s.env.StartTUI(t, 200, 50, "--session-id", s.sid) // `claude`, as the Quick start says
	if _, err := tui.WaitFor("own checkout", 60*time.Second); err != nil {
		t.Errorf("the first session does not say why the checkout gets no CLAUDE.md block: %v\n%s", err, tui.Capture())
	}
	time.Sleep(time.Second) // the TUI swallows keys while it settles
	must(t, tui.Submit("hello [[bash: echo hi]]", 10*time.Second))
	_, err := tui.WaitFor("FAKE-DONE: hi", 60*time.Second)
	must(t, err)
	must(t, tui.Exit(20*time.Second))
	s.resume(t, "again")
	out, err := exec.Command("git", "-C", clone, "status", "--porcelain", "--untracked-files=all").CombinedOutput()
	if err != nil || len(out) != 0 {
		t.Errorf("the Quick start left the clone dirty (%v):\n%s", err, out)
	}
	if !s.api.Saw("The session-intelligence plugin gives every session these rules") {
		t.Errorf("the session in the checkout got no rules")
	}
	// What Claude Code lays into a plugin with a hooks module, when it
	// does (not in every run), is ignored too.
	for _, p := range []string{"plugin/plugins/session-intelligence/tsconfig.json", "plugin/plugins/session-intelligence/.claude-plugin/types/index.d.ts"} {
		if out, err := exec.Command("git", "-C", clone, "check-ignore", "-q", p).CombinedOutput(); err != nil {
			t.Errorf("the clone's .gitignore does not cover %s: %v %s", p, err, out)
		}
	}
	ignored, _ := exec.Command("git", "-C", clone, "status", "--porcelain", "--ignored").Output()
	t.Logf("ignored after the Quick start:\n%s", strings.TrimSpace(string(ignored)))
}
