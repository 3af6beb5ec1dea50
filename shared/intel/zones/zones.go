// Package zones classifies context size into the green, yellow, orange
// and red zones. The hooks and the status line use the same Set, static
// from the configuration or learned from the compaction history.
package zones

import "github.com/session-intelligence/session-intelligence/shared/core/config"

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
	Yellow        int64 `json:"yellow"`
	Orange        int64 `json:"orange"`
	Red           int64 `json:"red"`
	Adaptive      bool  `json:"adaptive,omitempty"`      // learned from history
	Samples       int   `json:"samples,omitempty"`       // compactions it was learned from
	CostTightened bool  `json:"costTightened,omitempty"` // orange pulled in by this session's cost
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
		return Set{Yellow: z.Yellow, Orange: z.Orange, Red: z.Red}
	}
	d := config.Default().Statusline.Zones
	return Set{Yellow: d.Yellow, Orange: d.Orange, Red: d.Red}
}
