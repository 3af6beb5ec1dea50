package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestManualCompactScreen: after a /compact typed in the TUI, the
// screen shows the hooks' short commands (the launcher, not the crash
// guard's shell line) and the guidance opens with the line a person
// reads: what the summary keeps and cuts; the summariser still gets
// the whole guidance.
func TestManualCompactScreen(t *testing.T) {
	t.Parallel()
	s := workedSession(t)
	must(t, s.env.SeedInteractive())
	tui := s.env.StartTUI(t, 200, 60, append(s.args, "--resume", s.sid)...)
	time.Sleep(2 * time.Second) // the TUI swallows keys while it settles
	must(t, tui.Submit("/compact", 30*time.Second))
	if _, err := tui.WaitFor("In short:", 90*time.Second); err != nil {
		t.Fatalf("the compaction's screen: %v\n%s", err, tui.CaptureAll())
	}
	screen := tui.CaptureAll()
	t.Logf("the screen after /compact:\n%s", screen)
	flat := oneLine(screen)
	for _, want := range []string{`PreCompact ["${CLAUDE_PLUGIN_ROOT}/bin/si-hook" pre-compact] completed successfully: # Session Intelligence — compaction guidance In short: the summary keeps the work in`,
		"src/auth", `PostCompact ["${CLAUDE_PLUGIN_ROOT}/bin/si-hook" post-compact] completed successfully`} {
		if !strings.Contains(flat, want) {
			t.Errorf("the screen lacks %q", want)
		}
	}
	for _, bad := range []string{"--crashed", "|| true"} {
		if strings.Contains(flat, bad) {
			t.Errorf("the screen shows the plumbing %q", bad)
		}
	}
	sum := summarisation(t, s.api).Text()
	for _, want := range []string{"In short: the summary keeps", "PRESERVE (", guidanceMark} {
		if !strings.Contains(sum, want) {
			t.Errorf("the summariser's prompt lacks %q", want)
		}
	}
	must(t, tui.Exit(20*time.Second))
}
