package cli

import (
	"time"

	"github.com/session-intelligence/session-intelligence/shared/intel/usage"
	"github.com/session-intelligence/session-intelligence/shared/status/pace"
)

// usageJSON is `si usage --json`: the sessions, and the pace forecast
// when rate limits are known (omitted otherwise).
type usageJSON struct {
	Sessions []usage.Session `json:"sessions"`
	Pace     *paceJSON       `json:"pace,omitempty"`
}

// paceJSON is the forecast for scripts. Times are RFC 3339 in UTC;
// percentages are the share of each window's limit.
type paceJSON struct {
	Basis   string           `json:"basis"` // status_line or usage_endpoint
	AsOf    time.Time        `json:"as_of"` // when the figures last changed
	Windows []paceWindowJSON `json:"windows"`
}

// paceWindowJSON is one window. The figures are absent where the state
// says there are none to trust (state "none").
type paceWindowJSON struct {
	Name       string     `json:"name"`  // 5-hour or weekly
	State      string     `json:"state"` // none, early, on_pace, cap or reached
	UsedPct    *float64   `json:"used_pct,omitempty"`
	AtResetPct *float64   `json:"at_reset_pct,omitempty"` // on_pace and cap
	CapAt      *time.Time `json:"cap_at,omitempty"`       // cap: when the limit is reached at this pace
	ResetsAt   *time.Time `json:"resets_at,omitempty"`
}

// stateNames names each pace.State for scripts.
var stateNames = map[pace.State]string{
	pace.None: "none", pace.Early: "early", pace.OnPace: "on_pace", pace.Cap: "cap", pace.Reached: "reached",
}

// jsonPace converts a forecast; nil when no limits are known.
func jsonPace(r paceReport, ok bool) *paceJSON {
	if !ok {
		return nil
	}
	out := &paceJSON{Basis: r.basis, AsOf: r.at.UTC(), Windows: []paceWindowJSON{}}
	for _, w := range r.windows {
		e := w.est
		j := paceWindowJSON{Name: w.name, State: stateNames[e.State]}
		if e.State != pace.None {
			used, resets := e.Used, e.Resets.UTC()
			j.UsedPct, j.ResetsAt = &used, &resets
		}
		if e.State == pace.OnPace || e.State == pace.Cap {
			at := e.AtReset
			j.AtResetPct = &at
		}
		if e.State == pace.Cap {
			capAt := e.CapAt.UTC()
			j.CapAt = &capAt
		}
		out.Windows = append(out.Windows, j)
	}
	return out
}
