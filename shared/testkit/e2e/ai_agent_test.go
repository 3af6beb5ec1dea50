package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
)

// TestAgentThreadAcrossSessions: an agent's session over three -p turns
// and a resume through ai: the thread holds a byte-identical copy of the
// transcript, one line per turn once built (and a work summary for the
// turn that ran a tool), and the private store has exactly one commit per
// event.
func TestAgentThreadAcrossSessions(t *testing.T) {
	t.Parallel()
	w := newAgentWorld(t)
	must(t, os.WriteFile(filepath.Join(w.env.Home, ".ai", "ai.toml"), []byte("[chat]\nbackground = false\n[agent.view]\nrecent = 2\n"), 0o600))
	proj := w.env.Project
	w.ai(t, proj, "init")
	w.ai(t, proj, "agent", "new", "dev")

	_, stderr, err := w.aiRun(t, proj, "agent", "resume", "dev", "--", "-p", "first turn", "--output-format", "json", "--plugin-dir", w.plugin)
	if err != nil {
		t.Fatalf("ai agent resume: %v\n%s", err, stderr)
	}
	sid := newSessionIn(t, stderr)
	w.claude(t, proj, "second [[bash: echo from-the-tool]]", "--resume", sid)
	w.claude(t, proj, "third", "--resume", sid)
	_, stderr, err = w.aiRun(t, proj, "resume", "dev", "--", "-p", "fourth", "--output-format", "json", "--plugin-dir", w.plugin)
	if err != nil || !strings.Contains(stderr, "resuming session "+sid) {
		t.Fatalf("ai resume: %v\n%s", err, stderr)
	}
	out := w.ai(t, proj, "agent", "build", "-a", "dev")
	if !strings.Contains(out, "Wrote 5 summary lines") {
		t.Errorf("ai agent build: %s", out)
	}

	local := filepath.Join(proj, ".ai", "local")
	transcript, err := os.ReadFile(w.env.TranscriptPath(sid))
	if err != nil {
		t.Fatal(err)
	}
	if got := copied(t, filepath.Join(local, "agents", "dev", "sessions", sid, "transcript.jsonl")); !bytes.Equal(got, transcript) {
		t.Errorf("the thread's copy (%d bytes) is not the transcript (%d bytes)", len(got), len(transcript))
	}
	if got := summaryLines(t, local, "dev"); got["turn"] != 4 || got["work"] != 1 || got["range"] != 0 {
		t.Errorf("summary lines = %v, want 4 turn lines and 1 work summary", got)
	}
	want := []string{"ai init", "ai agent new dev", "ai agent resume dev", "ai agent end-session", "ai agent end-session",
		"ai agent end-session", "ai agent resume dev", "ai agent end-session", "ai agent build dev"}
	if got := commits(t, local); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("commits in .ai/local:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	view := w.ai(t, proj, "agent", "view", "dev")
	for _, s := range []string{"#0 ", "SUMMARY of: first turn", "user: second [[bash: echo from-the-tool]]", "work: SUMMARY of: second",
		"## #3 ", "(latest)", "reply: FAKE-REPLY to: fourth"} {
		if !strings.Contains(view, s) {
			t.Errorf("the view lacks %q:\n%s", s, view)
		}
	}
	zoom := w.ai(t, proj, "agent", "zoom", "-a", "dev", "1", "--tool-output")
	if !strings.Contains(zoom, "Bash") || !strings.Contains(zoom, "output: from-the-tool") {
		t.Errorf("zoom of #1:\n%s", zoom)
	}
}

// TestAgentWorktreesShareThread: sessions in the main checkout and in a
// linked git worktree of it write one thread, kept in the main
// checkout's .ai/local; an agent's worktree that does not exist fails
// with the command that makes it.
func TestAgentWorktreesShareThread(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	w := newAgentWorld(t)
	must(t, os.WriteFile(filepath.Join(w.env.Home, ".ai", "ai.toml"), []byte("[chat]\nbackground = false\n"), 0o600))
	main := w.env.Project
	wt := filepath.Join(filepath.Dir(main), "proj-wt")
	gitIn := func(dir string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(w.env.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	gitIn(main, "init", "-q")
	w.ai(t, main, "init")
	must(t, os.WriteFile(filepath.Join(main, "ai.toml"), append(must2(os.ReadFile(filepath.Join(main, "ai.toml"))),
		"\n[agents.ops]\nworktree = \"../proj-missing\"\n"...), 0o644))
	gitIn(main, "add", "ai.toml", ".gitignore")
	gitIn(main, "commit", "-qm", "ai project")
	gitIn(main, "worktree", "add", "-q", wt)

	s1, s2 := cctest.NewSessionID(), cctest.NewSessionID()
	w.claude(t, main, "/ai new dev", "--session-id", s1)
	w.claude(t, main, "turn in the main checkout", "--resume", s1)
	res := w.claude(t, wt, "/ai attach dev", "--session-id", s2)
	if !strings.Contains(res.Result, "to agent dev") {
		t.Fatalf("/ai attach in the worktree: %s", res.Stdout)
	}
	w.claude(t, wt, "turn in the worktree", "--resume", s2)

	list := w.ai(t, wt, "agent", "list")
	if !strings.Contains(list, "dev  2 turns, 2 sessions") || !strings.Contains(list, s1) || !strings.Contains(list, s2) {
		t.Errorf("ai agent list in the worktree:\n%s", list)
	}
	view := w.ai(t, wt, "agent", "view", "dev")
	for _, s := range []string{"user: turn in the main checkout", "user: turn in the worktree"} {
		if !strings.Contains(view, s) {
			t.Errorf("the worktree's view lacks %q:\n%s", s, view)
		}
	}
	if _, err := os.Stat(filepath.Join(wt, ".ai", "local")); err == nil {
		t.Error("the worktree has a private store of its own")
	}
	for _, sid := range []string{s1, s2} {
		if _, err := os.Stat(filepath.Join(main, ".ai", "local", "agents", "dev", "sessions", sid, "transcript.jsonl", "000000")); err != nil {
			t.Errorf("session %s is not in the main checkout's thread: %v", sid, err)
		}
	}
	w.ai(t, main, "agent", "new", "ops")
	_, stderr, err := w.aiRun(t, wt, "agent", "resume", "ops", "--", "-p", "x")
	if err == nil || !strings.Contains(stderr, "worktree add "+filepath.Join(filepath.Dir(main), "proj-missing")) {
		t.Errorf("resume into a missing worktree: %v\n%s", err, stderr)
	}
}

func must2[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
