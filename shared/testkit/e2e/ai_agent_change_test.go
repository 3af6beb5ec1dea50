package e2e

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestAgentRenameRmWithSession: renamed while its session runs in the
// TUI, an agent keeps the session (its next turn lands in the renamed
// thread); removing it is refused while that session runs and works once
// the session ended; each change is one commit, shown by ai agent list
// at once; without a terminal each needs --yes.
func TestAgentRenameRmWithSession(t *testing.T) {
	t.Parallel()
	w, sid := slashWorld(t, "[chat]\nbackground = false\n")
	proj := w.env.Project
	local := filepath.Join(proj, ".ai", "local")
	w.claude(t, proj, "/ai attach dev", "--session-id", sid)
	w.claude(t, proj, "first turn", "--resume", sid)
	must(t, w.env.SeedInteractive())
	tui := w.env.StartTUI(t, 200, 50, "--plugin-dir", w.plugin, "--resume", sid)
	_, err := tui.WaitFor("first turn", 30*time.Second)
	must(t, err)
	waitUntil(t, 30*time.Second, "the resumed session to count as running", func() bool {
		return strings.Contains(w.ai(t, proj, "agent", "list"), sid+"  attached")
	})

	if _, stderr, err := w.aiRun(t, proj, "agent", "rename", "dev", "ops"); err == nil || !strings.Contains(stderr, "needs confirming and this is not a terminal: run it on one, or pass --yes") {
		t.Errorf("rename without --yes: %v\n%s", err, stderr)
	}
	w.ai(t, proj, "agent", "new", "qa")
	if _, stderr, err := w.aiRun(t, proj, "agent", "rename", "dev", "qa", "--yes"); err == nil || !strings.Contains(stderr, "name taken: agent qa exists") {
		t.Errorf("rename to a name in use: %v\n%s", err, stderr)
	}
	out := w.ai(t, proj, "agent", "rename", "dev", "ops", "--yes")
	if !strings.Contains(out, "Renamed agent dev to ops") || !strings.Contains(out, "1 session attached to it follows: "+sid) {
		t.Errorf("rename: %s", out)
	}
	list := w.ai(t, proj, "agent", "list")
	if !strings.Contains(list, "# project widget (project_") || !strings.Contains(list, "\nops  1 turn, 1 session") || strings.Contains(list, "\ndev  ") {
		t.Errorf("ai agent list after the rename:\n%s", list)
	}

	// The running session goes on in the renamed thread.
	must(t, tui.Submit("after the rename", 10*time.Second))
	_, err = tui.WaitFor("FAKE-REPLY to: after the rename", 60*time.Second)
	must(t, err)
	waitUntil(t, 30*time.Second, "the turn in ops's thread", func() bool {
		return strings.Contains(w.ai(t, proj, "agent", "view", "ops"), "user: after the rename")
	})
	if _, stderr, err := w.aiRun(t, proj, "agent", "rm", "ops", "--yes"); err == nil || !strings.Contains(stderr, "agent ops has a session that has not ended, so it may still be running: "+sid) {
		t.Errorf("rm while the session runs: %v\n%s", err, stderr)
	}

	must(t, tui.Exit(30*time.Second))
	waitUntil(t, 30*time.Second, "the session's end", func() bool {
		return strings.Contains(w.ai(t, proj, "agent", "list"), sid+"  ended")
	})
	out = w.ai(t, proj, "agent", "rm", "ops", "--yes")
	if !strings.Contains(out, "Removed agent ops") || !strings.Contains(out, "restore --source=") {
		t.Errorf("rm: %s", out)
	}
	if list := w.ai(t, proj, "agent", "list"); strings.Contains(list, "ops") {
		t.Errorf("ai agent list after rm:\n%s", list)
	}
	got := strings.Join(commits(t, local), "|")
	for _, c := range []string{"|ai agent rename dev ops|", "|ai agent rm ops"} {
		if !strings.Contains(got+"|", c) {
			t.Errorf("commits lack %q: %s", c, got)
		}
	}
	if n := strings.Count(got, "ai agent rename"); n != 1 {
		t.Errorf("%d rename commits (the refused ones made none): %s", n, got)
	}
}
