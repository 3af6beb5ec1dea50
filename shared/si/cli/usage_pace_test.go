package cli

import (
	"encoding/json"
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
	home, tr := paceHome(t)
	if _, out, _ := run(home, "usage", tr); strings.Contains(out, "Pace") {
		t.Errorf("pace without recorded limits:\n%s", out)
	}
	recordLimits(t, home)
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

// TestUsagePaceJSON: --json carries the forecast as `pace` with the
// figures each state has, and has no pace key when no limits are known.
func TestUsagePaceJSON(t *testing.T) {
	home, tr := paceHome(t)
	var bare map[string]any
	if _, out, _ := run(home, "usage", "--json", tr); json.Unmarshal([]byte(out), &bare) != nil || bare["pace"] != nil || bare["sessions"] == nil {
		t.Errorf("without recorded limits: %s", out)
	}
	recordLimits(t, home)
	code, out, errOut := run(home, "usage", "--json", tr)
	var got struct {
		Sessions []any `json:"sessions"`
		Pace     struct {
			Basis   string    `json:"basis"`
			AsOf    time.Time `json:"as_of"`
			Windows []map[string]any
		} `json:"pace"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil {
		t.Fatalf("si usage --json: %d %s %s", code, out, errOut)
	}
	if len(got.Sessions) != 1 || got.Pace.Basis != "status_line" || got.Pace.AsOf.IsZero() || len(got.Pace.Windows) != 2 {
		t.Fatalf("report: %s", out)
	}
	five, week := got.Pace.Windows[0], got.Pace.Windows[1]
	for _, c := range []struct {
		key string
		ok  bool
	}{
		{"five-hour named", five["name"] == "5-hour"},
		{"five-hour at the cap", five["state"] == "cap"},
		{"five-hour used", five["used_pct"] == 60.0},
		{"five-hour projection", near(five["at_reset_pct"], 300, 10)},
		{"five-hour cap time", five["cap_at"] != nil && five["resets_at"] != nil},
		{"weekly unusable", week["name"] == "weekly" && week["state"] == "none"},
		{"weekly has no figures", week["used_pct"] == nil && week["at_reset_pct"] == nil && week["cap_at"] == nil},
	} {
		if !c.ok {
			t.Errorf("%s: %s", c.key, out)
		}
	}
}

// near says whether v is a JSON number within tol of want.
func near(v any, want, tol float64) bool {
	f, ok := v.(float64)
	return ok && f > want-tol && f < want+tol
}

// paceHome is a scratch home with one transcript to report on.
func paceHome(t *testing.T) (home, transcript string) {
	t.Helper()
	home = t.TempDir()
	transcript = filepath.Join(home, "s.jsonl")
	line := `{"type":"assistant","requestId":"r1","message":{"id":"m1","model":"claude-sonnet-4-5","usage":{"input_tokens":1000}}}` + "\n"
	if err := os.WriteFile(transcript, []byte(line), 0o600); err != nil {
		t.Fatal(err)
	}
	return home, transcript
}

// recordLimits records, as a status line would, a 5-hour window 60%
// used an hour in and a weekly figure that cannot be (-4%).
func recordLimits(t *testing.T, home string) {
	t.Helper()
	now := time.Now()
	dir := session.Dir(filepath.Join(home, ".claude", "session-intelligence", "sessions", "sid1"))
	if err := os.MkdirAll(string(dir), 0o700); err != nil {
		t.Fatal(err)
	}
	limits := session.RateLimits{FiveHour: 60, FiveHourEnds: now.Add(4 * time.Hour).Unix(), Week: -4, WeekEnds: now.Add(3 * 24 * time.Hour).Unix()}
	if err := dir.SaveWindow(session.Window{Size: 200_000, Limits: limits}); err != nil {
		t.Fatal(err)
	}
}
