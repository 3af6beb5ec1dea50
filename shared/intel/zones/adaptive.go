package zones

import (
	"math"
	"sort"

	"github.com/session-intelligence/session-intelligence/shared/intel/history"
)

// Constants of the learning loop.
const (
	MinSamples  = 5    // compactions needed before zones adapt
	maxSamples  = 50   // most recent compactions considered
	regretSpan  = 10   // compactions the regret rate is measured over
	orangeShare = 0.9  // orange sits just below the median compaction point
	bound       = 0.3  // orange stays within ±30% of its default
	regretPush  = 1.1  // ≥1 hard regret per compaction pushes orange out 10%
	costPull    = 0.88 // an expensive session pulls orange in 12%
	yellowGap   = 80_000
	redGap      = 60_000
	redStretch  = 1.1 // red sits above the 90th percentile
)

// Learned is what the history teaches, before the current session's cost
// is taken into account; it can be cached while the history is unchanged.
type Learned struct {
	Set     Set     `json:"set"`
	CostP75 float64 `json:"costP75"` // 75th percentile of session cost at compaction; 0 when unknown
	Lo      int64   `json:"lo"`      // orange's lower bound
}

// Adaptive learns the zones from the compaction history: orange just
// below where this user usually compacts (the median), red above the
// heavy end (the 90th percentile), yellow 80k under orange, each bounded
// by ±30% of the defaults so a noisy history cannot silence the warnings.
// It prefers the project's own compactions (cwd) when there are enough,
// pushes orange out when compactions were regretted (dropped context was
// needed again) and pulls it in when this session costs more than most.
// With fewer than MinSamples compactions it returns base.
func Adaptive(entries []history.Entry, base Set, cwd string, currentCost float64) Set {
	return Learn(entries, base, cwd).For(currentCost)
}

// Learn computes the cost-independent part of [Adaptive].
func Learn(entries []history.Entry, base Set, cwd string) Learned {
	sample := bucket(entries, cwd)
	var tokens, costs []float64
	for _, e := range sample {
		if e.Tokens > 0 {
			tokens = append(tokens, float64(e.Tokens))
		}
		if e.Cost > 0 {
			costs = append(costs, e.Cost)
		}
	}
	if len(tokens) < MinSamples {
		return Learned{Set: base}
	}
	sort.Float64s(tokens)
	lo, hi := round(float64(base.Orange)*(1-bound)), round(float64(base.Orange)*(1+bound))
	orange := clamp(round(pct(tokens, 0.5)*orangeShare), lo, hi)
	if regretRate(sample) >= 1 {
		orange = min(hi, round(float64(orange)*regretPush))
	}
	l := Learned{Lo: lo, Set: Set{Orange: orange, Adaptive: true, Samples: len(tokens)}}
	l.Set.Yellow = max(round(float64(base.Yellow)*(1-bound)), orange-yellowGap)
	l.Set.Red = max(orange+redGap, min(round(float64(base.Red)*(1+bound)), round(pct(tokens, 0.9)*redStretch)))
	if len(costs) >= MinSamples {
		sort.Float64s(costs)
		l.CostP75 = pct(costs, 0.75)
	}
	return l
}

// For applies the current session's cost: a session costing more than
// three quarters of past ones at compaction gets its orange pulled in.
func (l Learned) For(currentCost float64) Set {
	s := l.Set
	if !s.Adaptive || l.CostP75 <= 0 || currentCost <= l.CostP75 {
		return s
	}
	s.Orange = max(l.Lo, round(float64(s.Orange)*costPull))
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
