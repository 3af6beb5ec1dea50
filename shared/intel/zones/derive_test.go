package zones

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/cc/autocompact"
	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/intel/history"
)

func point(window int64) autocompact.Point {
	return autocompact.Compute(autocompact.Inputs{Window: window})
}

func TestBase(t *testing.T) {
	tests := []struct {
		name                string
		pt                  autocompact.Point
		yellow, orange, red int64
		src                 string
	}{
		{"1M window: the seed's zones", point(1_000_000), 200_000, 300_000, 400_000, FromDefault},
		{"200k window: before 167k", point(200_000), 107_000, 137_000, 157_000, FromWindow},
		{"300k auto-compact window", autocompact.Compute(autocompact.Inputs{Window: 1_000_000, Settings: []any{float64(300_000)}}), 200_000, 237_000, 257_000, FromWindow},
		{"--autocompact 100000: margins scale", autocompact.Compute(autocompact.Inputs{Window: 200_000, Observed: []int64{67_000}}), 42_929, 54_965, 62_989, FromWindow},
		{"auto-compaction off: the seed's zones", autocompact.Point{Off: true, Window: 200_000}, 200_000, 300_000, 400_000, FromDefault},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Base(tt.pt)
			if s.Yellow != tt.yellow || s.Orange != tt.orange || s.Red != tt.red || s.Source != tt.src {
				t.Errorf("Base = %+v, want %d/%d/%d from %s", s, tt.yellow, tt.orange, tt.red, tt.src)
			}
			if !(s.Yellow < s.Orange && s.Orange < s.Red) {
				t.Errorf("Base = %+v is not ascending", s)
			}
			if !tt.pt.Off && s.Red >= tt.pt.Threshold {
				t.Errorf("red %d is not before the point %d", s.Red, tt.pt.Threshold)
			}
		})
	}
}

func TestNear(t *testing.T) {
	tests := []struct {
		name   string
		set    Set
		tokens int64
		want   bool
	}{
		{"200k: short of orange's place", Base(point(200_000)), 136_999, false},
		{"200k: at orange's place", Base(point(200_000)), 137_000, true},
		{"1M: orange at 300k is far", Base(point(1_000_000)), 300_000, false},
		{"1M: 30k before 967k", Base(point(1_000_000)), 937_000, true},
		{"user zones: the point decides", Set{Yellow: 10, Orange: 20, Red: 30, Compact: 167_000}, 137_000, true},
		{"point unknown", Set{Yellow: 10, Orange: 20, Red: 30}, 900_000, false},
	}
	for _, tt := range tests {
		if got := tt.set.Near(tt.tokens); got != tt.want {
			t.Errorf("%s: Near(%d) = %v, want %v", tt.name, tt.tokens, got, tt.want)
		}
	}
}

func hist(tokens ...int64) []history.Entry {
	out := make([]history.Entry, len(tokens))
	for i, n := range tokens {
		out[i] = history.Entry{T: int64(1_800_000_000 + i), Tokens: n}
	}
	return out
}

func TestLearn(t *testing.T) {
	big := Base(point(1_000_000))
	small := Base(point(200_000))
	tests := []struct {
		name                string
		entries             []history.Entry
		base                Set
		yellow, orange, red int64
		adaptive            bool
	}{
		{"too few", hist(250_000, 250_000, 250_000, 250_000), big, 200_000, 300_000, 400_000, false},
		{"the seed's formula", hist(260_000, 270_000, 280_000, 290_000, 300_000), big, 172_000, 252_000, 315_000, true},
		// orange = 0.9 × 280k = 252k; yellow = 172k; red = max(312k, 300k × 1.05 = 315k).
		{"every band bounded by ±30 %", hist(900_000, 900_000, 900_000, 900_000, 900_000), big, 260_000, 390_000, 520_000, true},
		{"lower bounds", hist(100_000, 100_000, 100_000, 100_000, 100_000), big, 140_000, 210_000, 280_000, true},
		{"tiny compactions left out", hist(5_000, 8_000, 9_000, 260_000, 270_000, 280_000, 290_000, 300_000), big, 172_000, 252_000, 315_000, true},
		{"never past the point's own zones", hist(400_000, 400_000, 400_000, 400_000, 400_000), small, 107_000, 137_000, 157_000, true},
		{"auto compactions at the point", hist(167_000, 167_100, 168_000, 170_000, 172_000), small, 107_000, 137_000, 157_000, true},
		// orange = 0.9 × 168k = 151.2k, capped at 137k; yellow = 151.2k − 0.8 × 30k, capped at 107k.
		{"early compactions in a small window", hist(100_000, 105_000, 110_000, 115_000, 120_000), small, 75_000, 99_000, 126_000, true},
		// orange = 0.9 × 110k = 99k; yellow = 99k − 24k = 75k; red = max(99k + 12k, 120k × 1.05 = 126k).
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Learn(tt.entries, tt.base, "").Set
			if s.Yellow != tt.yellow || s.Orange != tt.orange || s.Red != tt.red || s.Adaptive != tt.adaptive {
				t.Errorf("Learn = %d/%d/%d adaptive %v, want %d/%d/%d adaptive %v", s.Yellow, s.Orange, s.Red, s.Adaptive,
					tt.yellow, tt.orange, tt.red, tt.adaptive)
			}
			if !(s.Yellow < s.Orange && s.Orange < s.Red) {
				t.Errorf("Learn = %+v is not ascending", s)
			}
		})
	}
}

// TestResolveUserWins: zones the user set are in force whatever the
// history teaches and wherever the compaction point is.
func TestResolveUserWins(t *testing.T) {
	path := filepath.Join(t.TempDir(), "compact-history.jsonl")
	for _, e := range hist(250_000, 250_000, 250_000, 250_000, 250_000, 250_000) {
		if err := history.Append(path, e); err != nil {
			t.Fatal(err)
		}
	}
	user := config.Zones{Yellow: 250_000, Orange: 350_000, Red: 450_000, UserSet: true}
	c, _ := Resolve(Cached{}, path, user, point(1_000_000), "/p")
	if s := c.Learned.Set; s.Orange != 350_000 || s.Source != FromUser || s.Adaptive {
		t.Errorf("user zones replaced: %+v", s)
	}
	c, _ = Resolve(Cached{}, path, config.Default().Statusline.Zones, point(1_000_000), "/p")
	if s := c.Learned.Set; !s.Adaptive || s.Source != FromLearned {
		t.Errorf("default zones not learned: %+v", s)
	}
	why := Static(user).Why(point(200_000))
	if !strings.Contains(why, "set in the configuration") {
		t.Errorf("Why = %q", why)
	}
	u := Static(user)
	u.Compact = 167_000
	if why := u.Why(point(200_000)); !strings.Contains(why, "yellow, orange and red are at or past auto-compaction at 167k (200k window from the status line), so they fire only if auto-compaction does not") {
		t.Errorf("Why of user zones past the point = %q", why)
	}
}

// TestOverride: a zone the user sets moves that zone only; the others
// keep the session's borders unless the order breaks, and then keep the
// session's gap to it. Before a 200k window's point: 107k, 137k, 157k.
func TestOverride(t *testing.T) {
	base := Base(point(200_000))
	d := config.Default().Statusline.Zones
	zones := func(y, o, r int64) config.Zones {
		z := config.Zones{Yellow: d.Yellow, Orange: d.Orange, Red: d.Red, UserSet: true}
		if y > 0 {
			z.Yellow = y
		}
		if o > 0 {
			z.Orange = o
		}
		if r > 0 {
			z.Red = r
		}
		return z
	}
	tests := []struct {
		name        string
		z           config.Zones
		y, o, r     int64
		user, moved string
		past        string
		whyHas      string
	}{
		{"yellow lower", zones(90_000, 0, 0), 90_000, 137_000, 157_000, "yellow", "", "", "yellow set in the configuration (statusline.zones), the rest placed before auto-compaction at 167k"},
		{"orange in between", zones(0, 120_000, 0), 107_000, 120_000, 157_000, "orange", "", "", "orange set in the configuration"},
		{"yellow past orange", zones(150_000, 0, 0), 150_000, 180_000, 200_000, "yellow", "orange red", "orange red", "with orange and red moved to stay in order around it; orange and red are at or past auto-compaction at 167k"},
		{"red below yellow", zones(0, 0, 100_000), 50_000, 80_000, 100_000, "red", "yellow orange", "", "red set in the configuration"},
		{"all three", zones(100_000, 150_000, 180_000), 100_000, 150_000, 180_000, "yellow orange red", "", "red", "set in the configuration (statusline.zones), which wins"},
		{"none", d, 107_000, 137_000, 157_000, "", "", "", "placed before"},
	}
	for _, tt := range tests {
		s := base.Override(tt.z)
		if s.Yellow != tt.y || s.Orange != tt.o || s.Red != tt.r || strings.Join(s.User, " ") != tt.user ||
			strings.Join(s.Moved, " ") != tt.moved || strings.Join(s.PastPoint(), " ") != tt.past {
			t.Errorf("%s: Override = %+v (past %v); want %d/%d/%d, user %q, moved %q, past %q", tt.name, s, s.PastPoint(), tt.y, tt.o, tt.r, tt.user, tt.moved, tt.past)
		}
		if why := s.Why(point(200_000)); !strings.Contains(why, tt.whyHas) {
			t.Errorf("%s: Why = %q, want it to hold %q", tt.name, why, tt.whyHas)
		}
	}
	// Resolve keeps the session's zones for the borders not set, and
	// does not reuse a set made for other user zones.
	path := filepath.Join(t.TempDir(), "none.jsonl")
	c, _ := Resolve(Cached{}, path, zones(90_000, 0, 0), point(200_000), "/p")
	if s := c.Learned.Set; s.Yellow != 90_000 || s.Orange != 137_000 || s.Red != 157_000 {
		t.Errorf("Resolve with yellow set = %+v", s)
	}
	c, _ = Resolve(c, path, zones(0, 120_000, 0), point(200_000), "/p")
	if s := c.Learned.Set; s.Yellow != 107_000 || s.Orange != 120_000 {
		t.Errorf("Resolve after the user's zones changed = %+v", s)
	}
}
