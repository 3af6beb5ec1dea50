package line

import (
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/intel/session"
	"github.com/session-intelligence/session-intelligence/shared/status/pace"
)

// sentLimits are the rate limits on stdin, as recorded for `si usage`.
func (r *redraw) sentLimits() session.RateLimits {
	var l session.RateLimits
	if rl := r.in.RateLimits; rl != nil {
		if q := stdinWindow(rl.FiveHour); q.present && !q.resets.IsZero() {
			l.FiveHour, l.FiveHourEnds = q.pct, q.resets.Unix()
		}
		if q := stdinWindow(rl.SevenDay); q.present && !q.resets.IsZero() {
			l.Week, l.WeekEnds = q.pct, q.resets.Unix()
		}
	}
	return l
}

// fieldPace forecasts both quota windows from the same figures as
// blockUsage and weekUsage, "pace 5h:cap ~14:20 wk:~62%": the share
// projected at the reset, or the time the cap is reached at the pace so
// far, each marked ~ as an estimate (package pace has the rule). Orange
// when a cap comes before its reset, red when one is reached; empty when
// neither window can be forecast.
func fieldPace(r *redraw) cell {
	b, w := r.quotaWindows()
	var parts []string
	style := ""
	for _, win := range []struct {
		label  string
		q      quotaWindow
		length time.Duration
	}{{"5h", b, pace.FiveHour}, {"wk", w, pace.Week}} {
		if !win.q.present {
			continue
		}
		e := pace.Forecast(pace.Window{Used: win.q.pct, Resets: win.q.resets}, win.length, r.now)
		if s := e.Short(win.label, r.now); s != "" {
			parts = append(parts, s)
		}
		switch {
		case e.State == pace.Reached:
			style = red
		case e.State == pace.Cap && style == "":
			style = orange
		}
	}
	if len(parts) == 0 {
		return cell{}
	}
	return cell{text: "pace " + strings.Join(parts, " "), style: style}
}
