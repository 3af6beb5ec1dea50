package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/intel/bootstrap"
)

// gitInit makes dir a repository with one commit of file.
func gitInit(t *testing.T, dir, file string) {
	t.Helper()
	must(t, os.WriteFile(filepath.Join(dir, file), []byte("package x\n"), 0o644))
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "."}, {"commit", "-q", "-m", "feat: start"}} {
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@x", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
}

// TestFirstSessionTellsWhereTheRulesWent: the first session in a project
// shows the user, on screen, that the rules block went into CLAUDE.md and
// the command that moves it; the model is not told. After a compaction
// the block is no work in flight: the resume counts the user's file only.
func TestFirstSessionTellsWhereTheRulesWent(t *testing.T) {
	t.Parallel()
	s := newSession(t)
	gitInit(t, s.env.Project, "main.go")
	must(t, s.env.SeedInteractive())
	tui := s.env.StartTUI(t, 220, 50, append(s.args, "--session-id", s.sid)...)
	claudeMD := filepath.Join(s.env.Project, "CLAUDE.md")
	screen, err := tui.WaitFor("continue.rules", 60*time.Second)
	if err != nil {
		t.Fatalf("no notice on screen: %v\n%s", err, tui.Capture())
	}
	flat := oneLine(screen)
	for _, want := range []string{"session-intelligence added its session rules to " + claudeMD, "/si set continue.rules context"} {
		if !strings.Contains(flat, oneLine(want)) {
			t.Errorf("the screen lacks %q:\n%s", want, screen)
		}
	}
	time.Sleep(time.Second) // the TUI swallows keys while it settles
	must(t, tui.Submit("hello", 10*time.Second))
	_, err = tui.WaitFor("FAKE-REPLY to: hello", 60*time.Second)
	must(t, err)
	must(t, tui.Exit(20*time.Second))
	if s.api.Saw("session-intelligence added its session rules") {
		t.Errorf("the notice reached the model")
	}
	if got := readFile(t, claudeMD); !strings.HasPrefix(got, bootstrap.BeginMarker) {
		t.Errorf("CLAUDE.md = %q", got)
	}

	must(t, os.WriteFile(filepath.Join(s.env.Project, "notes.txt"), []byte("mine\n"), 0o644))
	s.resume(t, "/compact")
	s.resume(t, "carry on")
	last := s.api.MessageRequests()[len(s.api.MessageRequests())-1]
	if !last.Contains("In flight: 1 uncommitted file") || !last.Contains("  - notes.txt") || last.Contains("  - CLAUDE.md") {
		t.Errorf("the resume counts our block as work in flight:\n%.3000s", last.Text())
	}
}

// TestRulesInStartContext: with continue.rules = context nothing is
// written into the repository, and every request carries the rules once:
// at the start, after a compaction and after /clear (Claude Code drops a
// start context at both), and after a resume.
func TestRulesInStartContext(t *testing.T) {
	t.Parallel()
	s := newSession(t)
	gitInit(t, s.env.Project, "main.go")
	must(t, os.MkdirAll(filepath.Join(s.env.Home, ".claude"), 0o700))
	must(t, os.WriteFile(filepath.Join(s.env.Home, ".claude", "session-intelligence.json"), []byte(`{"continue": {"rules": "context"}}`), 0o600))
	s.run(t, "hello")
	s.resume(t, "second")
	s.resume(t, "/compact")
	s.resume(t, "after compact")
	cleared := s.exec(t, "/clear", "--resume", s.sid)
	s.sid = cleared.SessionID
	s.resume(t, "after clear")
	const mark = "The session-intelligence plugin gives every session these rules"
	for _, r := range s.api.MessageRequests() {
		if p := r.Prompt(); len(p) < 40 {
			if n := strings.Count(r.Text(), mark); n != 1 {
				t.Errorf("the request for %q carries the rules %d times", p, n)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(s.env.Project, "CLAUDE.md")); err == nil {
		t.Errorf("context mode wrote a CLAUDE.md")
	}
	out, err := exec.Command("git", "-C", s.env.Project, "status", "--porcelain").Output()
	if err != nil || len(out) != 0 {
		t.Errorf("git status: %q, %v", out, err)
	}
}
