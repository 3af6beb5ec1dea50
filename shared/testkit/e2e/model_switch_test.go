package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/testkit/fakeapi"
)

// switchLine opens the PreModelSwitch hook's line on the screen.
const switchLine = "session-intelligence: switching to claude-opus-4-7"

// modelOf is the model a request asked for.
func modelOf(r fakeapi.Request) string {
	m, _ := r.JSON["model"].(string)
	return m
}

// TestModelSwitchShowsRecacheCost: in the TUI, after a turn that left a
// 120k-token context with a warm cache, `/model claude-opus-4-7` brings
// Claude Code's own "Switch model?" confirmation (which names no cost);
// once it is confirmed, the hook's re-cache cost on Opus (list price)
// shows under Claude Code's line on the switch, before any request that
// carries the conversation reaches Opus; the next prompt then goes to
// Opus.
func TestModelSwitchShowsRecacheCost(t *testing.T) {
	s := newSession(t)
	must(t, s.env.SeedInteractive())
	tui := s.env.StartTUI(t, 200, 60, append(s.args, "--session-id", s.sid, "--model", "claude-sonnet-4-6")...)
	time.Sleep(2 * time.Second) // the TUI swallows keys while it settles
	must(t, tui.Submit("go @@usage:120000@@", 30*time.Second))
	if _, err := tui.WaitFor("FAKE-REPLY", 90*time.Second); err != nil {
		t.Fatalf("the first turn: %v", err)
	}
	must(t, tui.Submit("/model claude-opus-4-7", 30*time.Second))
	// Claude Code asks first, on its own, when the cache is warm; the
	// hook's line is held until the switch is applied.
	if _, err := tui.WaitFor("Switch model?", 60*time.Second); err != nil {
		t.Fatalf("Claude Code's own confirmation: %v", err)
	}
	must(t, tui.SendKeys("Enter"))
	if _, err := tui.WaitFor(switchLine, 60*time.Second); err != nil {
		t.Fatalf("the re-cache line: %v\n%s", err, tui.CaptureAll())
	}
	// Claude Code probes the model first (max_tokens 1, "Hi"); no request
	// carrying the conversation may reach Opus before the line.
	for _, r := range s.api.MessageRequests() {
		if strings.Contains(modelOf(r), "opus") && r.Contains("go @@usage:120000@@") {
			t.Fatalf("a request used %s before the line reached the screen: max_tokens %v, %d messages, %.300s", modelOf(r), r.JSON["max_tokens"], len(r.Messages()), r.Text())
		}
	}
	screen := tui.CaptureAll()
	t.Logf("the screen after /model:\n%s", screen)
	flat := oneLine(screen)
	for _, want := range []string{"Set model to Opus 4.7", switchLine + " re-sends the 120k-token context uncached: re-cache $0.75 (list price, 5m cache write)"} {
		if !strings.Contains(flat, want) {
			t.Errorf("the screen lacks %q", want)
		}
	}
	must(t, tui.Submit("next", 30*time.Second))
	if _, err := tui.WaitFor("FAKE-REPLY to: next", 90*time.Second); err != nil {
		t.Fatalf("the turn after the switch: %v", err)
	}
	reqs := s.api.MessageRequests()
	if last := reqs[len(reqs)-1]; modelOf(last) != "claude-opus-4-7" || !last.Contains("next") {
		t.Errorf("the turn after the switch went to %q, want claude-opus-4-7", modelOf(last))
	}
	must(t, tui.Exit(20*time.Second))
}
