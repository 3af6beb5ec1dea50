package replay

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/intel/history"
)

// TestReplayWindow: the default zones follow the window the replay is
// given, and the report says where it came from.
func TestReplayWindow(t *testing.T) {
	tests := []struct {
		name      string
		window    int64
		model     string
		advisory  []string
		point     string // window/from/threshold/zone source
		compacted int64  // compaction point reported before the first compaction
		after     int64  // and before the second
	}{
		// After the automatic compaction at 125k, far below the point, the
		// hook takes it for a smaller auto-compact window (autocompact's
		// observe) and moves the point there.
		{"the model's 200k", 0, "claude-opus-4-6", []string{"12:yellow"}, "200000/model/167000/window", 167_000, 125_000},
		{"a 1M model", 0, "claude-opus-4-7", []string{}, "1000000/model/967000/default", 967_000, 125_000},
		// With the flag, the recorded compactions say nothing of the point.
		{"1M by the flag", 1_000_000, "claude-opus-4-6", []string{}, "1000000/context-window/967000/default", 967_000, 967_000},
		// 130k: point 97k, the margins in proportion (60k/30k/10k × 97/167):
		// yellow 62.2k, orange 79.6k, red 91.2k.
		{"130k by the flag", 130_000, "claude-opus-4-6", []string{"8:yellow", "9:orange!", "11:red!"}, "130000/context-window/97000/window", 97_000, 97_000},
		{"an unknown model", 0, "gpt-x", []string{"12:yellow"}, "200000/default/167000/window", 167_000, 125_000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := testOptions(t, defaultZones)
			o.Window = tt.window
			text := strings.ReplaceAll(session("/p/new/c/z.go"), "claude-opus-4-6", tt.model)
			rep, err := Replay(strings.NewReader(text), o)
			if err != nil {
				t.Fatal(err)
			}
			if got := advisoryKeys(rep.Advisories); js(got) != js(tt.advisory) {
				t.Errorf("advisories = %v, want %v", got, tt.advisory)
			}
			pt := rep.Point
			if got := fmt.Sprintf("%d/%s/%d/%s", pt.Window, pt.WindowFrom, pt.Threshold, pt.Zones.Source); got != tt.point {
				t.Errorf("point = %s, want %s", got, tt.point)
			}
			if c, d := rep.Compactions[0], rep.Compactions[1]; c.Point.Threshold != tt.compacted || d.Point.Threshold != tt.after {
				t.Errorf("points before the compactions = %d, %d, want %d, %d", c.Point.Threshold, d.Point.Threshold, tt.compacted, tt.after)
			}
		})
	}
}

func TestCheckWindow(t *testing.T) {
	for _, n := range []int64{-1, 0, 99_999, MaxWindow + 1, 1 << 62} {
		if CheckWindow(n) == nil {
			t.Errorf("CheckWindow(%d) = nil", n)
		}
	}
	for _, n := range []int64{100_000, 200_000, 1_000_000, MaxWindow} {
		if err := CheckWindow(n); err != nil {
			t.Errorf("CheckWindow(%d) = %v", n, err)
		}
	}
	if _, err := Replay(strings.NewReader(""), Options{Window: 5}); err == nil {
		t.Error("Replay with a 5-token window succeeded")
	}
}

// TestReplayLearnedZones: with five past compactions at 120k in the
// history the hooks read, the zones are learned as the hook learns them
// (orange 0.9 × 120k = 108k, yellow 24k under it, red 1.05 × 120k), and
// the replay advises by them.
func TestReplayLearnedZones(t *testing.T) {
	o := testOptions(t, defaultZones)
	var past []history.Entry
	for i := range 5 {
		past = append(past, history.Entry{T: int64(1000 + i), SID: fmt.Sprint("old", i), Cwd: testCwd, Tokens: 120_000})
	}
	if err := os.MkdirAll(o.Dirs.Logs, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := history.Append(history.Path(o.Dirs.Logs), past...); err != nil {
		t.Fatal(err)
	}
	rep, err := Replay(strings.NewReader(session("/p/new/c/z.go")), o)
	if err != nil {
		t.Fatal(err)
	}
	z := rep.Compactions[0].Point.Zones
	if z.Source != "learned" || z.Samples != 5 || z.Yellow != 84_000 || z.Orange != 108_000 || z.Red != 126_000 {
		t.Errorf("zones = %s", js(z))
	}
	if got := advisoryKeys(rep.Advisories); js(got) != js([]string{"10:yellow", "12:orange!"}) {
		t.Errorf("advisories = %v", got)
	}
}

// TestReplayWindowFromUsage: a session on a 200k model id whose
// responses reach 246k ran in a 1M window: the replay says so from its
// first call (it reads the whole transcript first), and no advisory puts
// the compaction near (before, it warned at 137k and 157k that the
// compaction was 30k and 10k away).
func TestReplayWindowFromUsage(t *testing.T) {
	b := newTranscript()
	for tok := int64(100_000); tok <= 238_000; tok += 6_000 {
		b.read("/p/src/a.go", tok)
	}
	b.read("/p/src/a.go", 246_000)
	o := Options{Config: config.Default(), Dirs: testDirs(t)}
	rep, err := Replay(strings.NewReader(b.String()), o)
	if err != nil {
		t.Fatal(err)
	}
	pt := rep.Point
	if pt.Window != 1_000_000 || pt.WindowFrom != "usage" || pt.Peak != 246_000 || pt.Threshold != 967_000 {
		t.Errorf("point = %+v, want a 1M window from usage (peak 246k), compaction at 967k", pt)
	}
	for _, a := range rep.Advisories {
		if a.Delivered {
			t.Errorf("advisory %+v in a 1M window far from its point", a)
		}
	}
	var text strings.Builder
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if want := "window 1M (a response of 246k, past a 200k window)"; !strings.Contains(text.String(), want) {
		t.Errorf("text lacks %q:\n%s", want, text.String())
	}
}
