package zones

import (
	"github.com/session-intelligence/session-intelligence/shared/cc/autocompact"
	"github.com/session-intelligence/session-intelligence/shared/core/config"
)

// How far before the compaction point each zone starts. A zone is never
// later than the seed's default for it, so a 1M window keeps 200k, 300k
// and 400k; before a nearer point, yellow starts 60k before it, orange
// 30k, red 10k. Measured on the corpus of recorded sessions, one ordinary
// turn adds 3k (median), 35k at the 90th percentile, and one response
// 0.6k (median), 2.8k at the 90th percentile: orange leaves about one long
// turn to finish a step and compact on purpose, red a few calls, yellow
// two long turns. Before a 200k window's point (167k): 107k, 137k and
// 157k. A point below that (a small autoCompactWindow) shrinks the
// margins in proportion, so the zones keep their shape.
var margins = [3]int64{60_000, 30_000, 10_000}

// fullMargins is the point from which the margins apply whole: a 200k
// window's.
const fullMargins = 167_000

// Base is the Set for a compaction point: the seed's defaults, each moved
// before the point where it is nearer.
func Base(pt autocompact.Point) Set {
	d := config.Default().Statusline.Zones
	s := Set{Yellow: d.Yellow, Orange: d.Orange, Red: d.Red, Source: FromDefault}
	if pt.Off || pt.Threshold <= 0 {
		return s
	}
	s.Compact = pt.Threshold
	borders := [3]*int64{&s.Yellow, &s.Orange, &s.Red}
	for i, b := range borders {
		if c := before(pt.Threshold, i); c < *b {
			*b, s.Source = c, FromWindow
		}
	}
	return s
}

// before is where zone i (0 yellow, 1 orange, 2 red) starts before the
// point t.
func before(t int64, i int) int64 {
	m := margins[i]
	if t < fullMargins {
		m = m * t / fullMargins
	}
	return t - m
}

// capAt moves each border of s that is past its place before the point
// back to it: a warning after auto-compaction is none.
func (s Set) capAt(point int64) Set {
	if point <= 0 {
		return s
	}
	s.Yellow, s.Orange, s.Red = min(s.Yellow, before(point, 0)), min(s.Orange, before(point, 1)), min(s.Red, before(point, 2))
	s.Compact = point
	return s
}

// Near reports whether tokens are within reach of auto-compaction: at or
// past where orange starts before the compaction point, whatever the
// zones in force say (a learned or configured orange may lie elsewhere).
// False when the point is off or unknown.
func (s Set) Near(tokens int64) bool {
	return s.Compact > 0 && tokens >= before(s.Compact, 1)
}
