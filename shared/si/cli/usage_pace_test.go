package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/intel/session"
)

// TestUsagePace: si usage forecasts both windows from the rate limits a
// status line recorded, says its basis, and prints nothing about pace
// when none was recorded; bad figures say why there is no forecast.
func TestUsagePace(t *testing.T) {
	home := t.TempDir()
	tr := filepath.Join(home, "s.jsonl")
	if err := os.WriteFile(tr, []byte(`{"type":"assistant","requestId":"r1","message":{"id":"m1","model":"claude-sonnet-4-5","usage":{"input_tokens":1000}}}`+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, out, _ := run(home, "usage", tr); strings.Contains(out, "Pace") {
		t.Errorf("pace without recorded limits:\n%s", out)
	}
	now := time.Now()
	dir := session.Dir(filepath.Join(home, ".claude", "session-intelligence", "sessions", "sid1"))
	if err := os.MkdirAll(string(dir), 0o700); err != nil {
		t.Fatal(err)
	}
	limits := session.RateLimits{FiveHour: 60, FiveHourEnds: now.Add(4 * time.Hour).Unix(), Week: -4, WeekEnds: now.Add(3 * 24 * time.Hour).Unix()}
	if err := dir.SaveWindow(session.Window{Size: 200_000, Limits: limits}); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(home, "usage", tr)
	if code != 0 {
		t.Fatalf("si usage: %d %s", code, errOut)
	}
	for _, want := range []string{
		"Pace (an estimate: the share used over the elapsed part of each window, from the rate limits Claude Code sent the status line",
		"5-hour: 60% used, resets ",
		"at the pace so far (60% in 1h of 5h) about 300% by the reset: the limit at about ",
		"weekly: no usable figures",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("si usage lacks %q:\n%s", want, out)
		}
	}
}
