package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
	"github.com/session-intelligence/session-intelligence/shared/testkit/fakeapi"
)

// switchLine opens the PreModelSwitch hook's line on the screen.
const switchLine = "session-intelligence: switching to claude-opus-4-7"

// modelOf is the model a request asked for.
func modelOf(r fakeapi.Request) string {
	m, _ := r.JSON["model"].(string)
	return m
}

// switchAfterTurn runs one turn on Sonnet that leaves a context of
// tokens in the TUI, then `/model claude-opus-4-7`, confirms Claude
// Code's own question when it asks (it does with a warm cache) and
// returns once Claude Code's line on the switch is on screen.
func switchAfterTurn(t *testing.T, tokens int) (*session, *cctest.TUI, string) {
	t.Helper()
	s := newSession(t)
	must(t, s.env.SeedInteractive())
	tui := s.env.StartTUI(t, 200, 60, append(s.args, "--session-id", s.sid, "--model", "claude-sonnet-4-6")...)
	time.Sleep(2 * time.Second) // the TUI swallows keys while it settles
	prompt := fmt.Sprintf("go @@usage:%d@@", tokens)
	must(t, tui.Submit(prompt, 30*time.Second))
	if _, err := tui.WaitFor("FAKE-REPLY", 90*time.Second); err != nil {
		t.Fatalf("the first turn: %v", err)
	}
	must(t, tui.Submit("/model claude-opus-4-7", 30*time.Second))
	if _, err := tui.WaitFor("Switch model?", 60*time.Second); err != nil {
		t.Fatalf("Claude Code's own confirmation: %v", err)
	}
	must(t, tui.SendKeys("Enter"))
	if _, err := tui.WaitFor("Set model to Opus 4.7", 60*time.Second); err != nil {
		t.Fatalf("the switch: %v\n%s", err, tui.CaptureAll())
	}
	// Claude Code probes the model first (max_tokens 1, "Hi"); no request
	// carrying the conversation may reach Opus before the line.
	for _, r := range s.api.MessageRequests() {
		if strings.Contains(modelOf(r), "opus") && r.Contains(prompt) {
			t.Fatalf("a request of the conversation reached %s before the line", modelOf(r))
		}
	}
	// Claude Code draws the hook's text in the same message as its line.
	return s, tui, oneLine(tui.CaptureAll())
}

// TestModelSwitchShowsRecacheCost: in the TUI, after a turn that left a
// 120k-token context with a warm cache, `/model claude-opus-4-7` brings
// Claude Code's own "Switch model?" confirmation (which names no cost);
// once it is confirmed, the hook's re-cache cost on Opus (list price)
// shows under Claude Code's line on the switch, before any request that
// carries the conversation reaches Opus; the next prompt then goes to
// Opus.
func TestModelSwitchShowsRecacheCost(t *testing.T) {
	t.Parallel()
	s, tui, flat := switchAfterTurn(t, 120_000)
	want := "Set model to Opus 4.7 and saved as your default for new sessions " + switchLine +
		" re-sends the 120k-token context uncached: re-cache $0.75 (list price, 5m cache write)"
	if !strings.Contains(flat, want) {
		t.Errorf("the screen lacks %q:\n%s", want, tui.CaptureAll())
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

// TestModelSwitchQuietOnSmallContext: the same switch after a 20k-token
// turn shows Claude Code's line alone.
func TestModelSwitchQuietOnSmallContext(t *testing.T) {
	t.Parallel()
	_, tui, flat := switchAfterTurn(t, 20_000)
	if strings.Contains(flat, "session-intelligence: switching") {
		t.Errorf("a line for a small context:\n%s", tui.CaptureAll())
	}
	must(t, tui.Exit(20*time.Second))
}
