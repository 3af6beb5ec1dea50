package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestStatusLineInTUI: the SessionStart hook wires the status line into
// settings.json, keeping the user's own; the real interactive Claude Code
// then shows our token bar, with the distance to its own compaction point
// (967k of the 1M window), and the previous status line below it.
func TestStatusLineInTUI(t *testing.T) {
	t.Parallel()
	s := newSession(t, "NO_COLOR=1")
	settings := filepath.Join(s.env.Home, ".claude", "settings.json")
	must(t, os.MkdirAll(filepath.Dir(settings), 0o700))
	must(t, os.WriteFile(settings, []byte(`{"statusLine":{"type":"command","command":"echo PREV-LINE-MARK"}}`+"\n"), 0o600))
	s.run(t, "hello") // SessionStart wires the status line
	wired := readFile(t, settings)
	if !strings.Contains(wired, "si-statusline") {
		t.Fatalf("settings.json not wired:\n%s", wired)
	}
	must(t, s.env.SeedInteractive())
	tui := s.env.StartTUI(t, 200, 50, s.args...)
	if err := tui.Submit("hi [[usage: 250000]]", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	if _, err := tui.WaitFor("FAKE-REPLY", 5*time.Second); err != nil {
		must(t, tui.SendKeys("Enter")) // the TUI sometimes swallows the first Enter while starting
	}
	screen, err := tui.WaitFor("250k/1M · 717k to auto-compact", 30*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"▰▰▰▰▰", "PREV-LINE-MARK", "sid:"} {
		if !strings.Contains(screen, want) {
			t.Errorf("screen lacks %q:\n%s", want, screen)
		}
	}
	bar := strings.Index(screen, "250k/1M")
	if prev := strings.Index(screen, "PREV-LINE-MARK"); prev < bar {
		t.Errorf("the previous status line should render below ours:\n%s", screen)
	}
}
