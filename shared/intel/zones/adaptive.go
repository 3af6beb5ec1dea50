package zones

import (
	"math"
	"slices"
	"sort"

	"github.com/session-intelligence/session-intelligence/shared/intel/history"
)

// Constants of the learning loop (the seed's formula).
const (
	MinSamples  = 5    // compactions needed before zones adapt
	maxSamples  = 50   // most recent compactions considered
	regretSpan  = 10   // compactions the regret rate is measured over
	orangeShare = 0.9  // orange = floor(P50 × 0.9): just below the median compaction point
	bound       = 0.3  // every border stays within ±30 % of the base one
	regretPush  = 1.1  // ≥1 hard regret per compaction pushes orange out 10 %
	costPull    = 0.88 // an expensive session pulls orange in 12 %
	// yellow = orange − 80k and red ≥ orange + 60k: 0.8 and 0.6 of the
	// gaps between the seed's default zones (100k each). Before a nearer
	// compaction point the base zones sit closer together (30k and 20k
	// before a 200k window's), so the gaps are these shares of the base's
	// own: the seed's figures in a 1M window, the same shape in a small
	// one (fixed 80k would put yellow far before a 137k orange).
	yellowGapShare = 0.8
	redGapShare    = 0.6
	redStretch     = 1.05 // red = max(orange + gap, P90 × 1.05)
	// A compaction below 40k (or half the point, for a smaller one) was
	// not made under context pressure (a fresh start, a /compact to tidy
	// up) and would drag every border to its floor.
	minUseful = 40_000
)

// Learned is what the history teaches, before the current session's cost
// is taken into account; it can be cached while the history is unchanged.
type Learned struct {
	Set     Set     `json:"set"`
	CostP75 float64 `json:"costP75"` // 75th percentile of session cost at compaction; 0 when unknown
	Lo      int64   `json:"lo"`      // orange's lower bound
}

// Adaptive learns the zones from the compaction history around base (see
// [Learn]) and applies the current session's cost.
func Adaptive(entries []history.Entry, base Set, cwd string, currentCost float64) Set {
	return Learn(entries, base, cwd).For(currentCost)
}

// Learn follows the seed: orange just below where this user usually
// compacts (floor of the median × 0.9), yellow 80k under it, red above
// the heavy end (the larger of orange + 60k and the 90th percentile ×
// 1.05), the gaps scaled to base's own (see yellowGapShare); each border
// stays within ±30 % of base's, and none past its place before the
// compaction point (base.Compact). It prefers the project's own
// compactions (cwd) when there are enough, leaves out the ones made far
// below the point, and pushes orange out when compactions were regretted
// (dropped context was needed again). With fewer than MinSamples
// compactions it returns base.
func Learn(entries []history.Entry, base Set, cwd string) Learned {
	sample := bucket(useful(entries, base.Compact), cwd)
	var tokens, costs []float64
	for _, e := range sample {
		tokens = append(tokens, float64(e.Tokens))
		if e.Cost > 0 {
			costs = append(costs, e.Cost)
		}
	}
	if len(tokens) < MinSamples {
		return Learned{Set: base}
	}
	sort.Float64s(tokens)
	lo, hi := within(base.Orange)
	orange := clamp(int64(math.Floor(pct(tokens, 0.5)*orangeShare)), lo, hi)
	if regretRate(sample) >= 1 {
		orange = min(hi, round(float64(orange)*regretPush))
	}
	ylo, yhi := within(base.Yellow)
	rlo, rhi := within(base.Red)
	yellowGap := round(float64(base.Orange-base.Yellow) * yellowGapShare)
	redGap := round(float64(base.Red-base.Orange) * redGapShare)
	set := Set{Orange: orange, Adaptive: true, Samples: len(tokens), Source: FromLearned,
		Yellow: clamp(orange-yellowGap, ylo, yhi),
		Red:    clamp(max(orange+redGap, round(pct(tokens, 0.9)*redStretch)), rlo, rhi)}
	set = ordered(set.capAt(base.Compact))
	l := Learned{Lo: min(lo, set.Orange), Set: set}
	if len(costs) >= MinSamples {
		sort.Float64s(costs)
		l.CostP75 = pct(costs, 0.75)
	}
	return l
}

// within is the ±30 % range around a base border.
func within(b int64) (lo, hi int64) {
	return round(float64(b) * (1 - bound)), round(float64(b) * (1 + bound))
}

// ordered keeps yellow < orange < red, moving the lower border down.
func ordered(s Set) Set {
	s.Orange = min(s.Orange, s.Red-1)
	s.Yellow = min(s.Yellow, s.Orange-1)
	return s
}

// useful keeps the compactions made under context pressure: those of
// at least minUseful tokens, or half the point when that is less.
func useful(entries []history.Entry, point int64) []history.Entry {
	floor := int64(minUseful)
	if point > 0 {
		floor = min(floor, point/2)
	}
	out := make([]history.Entry, 0, len(entries))
	for _, e := range entries {
		if e.Tokens >= floor {
			out = append(out, e)
		}
	}
	return out
}

// For applies the current session's cost: a session costing more than
// three quarters of past ones at compaction gets its orange pulled in.
func (l Learned) For(currentCost float64) Set {
	s := l.Set
	if !s.Adaptive || l.CostP75 <= 0 || currentCost <= l.CostP75 || slices.Contains(s.User, "orange") {
		return s // a user's orange stays where it was set
	}
	s.Orange = max(l.Lo, round(float64(s.Orange)*costPull))
	if slices.Contains(s.User, "yellow") && s.Orange <= s.Yellow {
		return l.Set // it would pass the user's yellow
	}
	s.Yellow = min(s.Yellow, s.Orange-1)
	s.CostTightened = true
	return s
}

// bucket keeps the latest compactions, of this project when it has
// MinSamples of its own.
func bucket(entries []history.Entry, cwd string) []history.Entry {
	if len(entries) > maxSamples {
		entries = entries[len(entries)-maxSamples:]
	}
	var own []history.Entry
	for _, e := range entries {
		if cwd != "" && e.Cwd == cwd {
			own = append(own, e)
		}
	}
	if len(own) >= MinSamples {
		return own
	}
	return entries
}

// regretRate is the hard regret per compaction over the latest ones.
func regretRate(entries []history.Entry) float64 {
	n := min(regretSpan, len(entries))
	if n == 0 {
		return 0
	}
	sum := 0.0
	for _, e := range entries[len(entries)-n:] {
		sum += e.RegretCount
	}
	return sum / float64(n)
}

// pct is the p-th percentile of sorted values (nearest rank below).
func pct(sorted []float64, p float64) float64 {
	return sorted[min(len(sorted)-1, int(math.Floor(float64(len(sorted))*p)))]
}

func round(f float64) int64 { return int64(math.Round(f)) }

func clamp(v, lo, hi int64) int64 { return max(lo, min(hi, v)) }
