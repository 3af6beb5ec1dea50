// Package zones classifies context size into the green, yellow, orange
// and red zones. The hooks and the status line use the same Set, which is
// the user's when the configuration sets zones, else learned from the
// compaction history, else placed before the point where Claude Code
// compacts by itself (package cc/autocompact), else the seed's defaults.
package zones

import "github.com/session-intelligence/session-intelligence/shared/core/config"

// Where a Set comes from.
const (
	FromDefault = "default" // the seed's 200k/300k/400k: the compaction point is far above them, or unknown or off
	FromWindow  = "window"  // placed before the compaction point
	FromLearned = "learned" // learned from the compaction history
	FromUser    = "user"    // set in the configuration
)

// Zone is a context-pressure level.
type Zone int

// The zones, lowest first.
const (
	Green Zone = iota
	Yellow
	Orange
	Red
)

var names = [...]string{"green", "yellow", "orange", "red"}

// String returns the zone's name.
func (z Zone) String() string {
	if z < Green || z > Red {
		return "green"
	}
	return names[z]
}

// Title is the zone's headline in advisories.
func (z Zone) Title() string {
	switch z {
	case Yellow:
		return "Caution zone"
	case Orange:
		return "Drift zone"
	case Red:
		return "High-risk zone"
	}
	return "Free zone"
}

// Parse returns the zone named s, Green for anything else.
func Parse(s string) Zone {
	for i, n := range names {
		if n == s {
			return Zone(i)
		}
	}
	return Green
}

// Set holds the three borders.
type Set struct {
	Yellow        int64  `json:"yellow"`
	Orange        int64  `json:"orange"`
	Red           int64  `json:"red"`
	Adaptive      bool   `json:"adaptive,omitempty"`      // learned from history
	Samples       int    `json:"samples,omitempty"`       // compactions it was learned from
	CostTightened bool   `json:"costTightened,omitempty"` // orange pulled in by this session's cost
	Source        string `json:"source,omitempty"`        // FromDefault, FromWindow, FromLearned or FromUser
	Compact       int64  `json:"compact,omitempty"`       // where Claude Code compacts by itself; 0 when off or unknown
	// User names the borders the configuration sets ([Set.Override]),
	// Moved the others that moved to stay in order around them.
	User  []string `json:"user,omitempty"`
	Moved []string `json:"moved,omitempty"`
}

// Of returns the zone of a context size.
func (s Set) Of(tokens int64) Zone {
	switch {
	case tokens >= s.Red:
		return Red
	case tokens >= s.Orange:
		return Orange
	case tokens >= s.Yellow:
		return Yellow
	}
	return Green
}

// Static returns the configured borders, or the defaults when they are
// not strictly ascending (a typo must not silence the warnings).
func Static(z config.Zones) Set {
	if z.Yellow > 0 && z.Yellow < z.Orange && z.Orange < z.Red {
		src := FromDefault
		if z.UserSet {
			src = FromUser
		}
		return Set{Yellow: z.Yellow, Orange: z.Orange, Red: z.Red, Source: src}
	}
	d := config.Default().Statusline.Zones
	return Set{Yellow: d.Yellow, Orange: d.Orange, Red: d.Red, Source: FromDefault}
}

// ToCompact is how many tokens are left before auto-compaction at
// tokens; ok is false when the point is off or unknown.
func (s Set) ToCompact(tokens int64) (left int64, ok bool) {
	if s.Compact <= 0 {
		return 0, false
	}
	return max(0, s.Compact-tokens), true
}
