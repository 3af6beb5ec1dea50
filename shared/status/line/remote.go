package line

import (
	"fmt"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
	"github.com/session-intelligence/session-intelligence/shared/status/health"
	"github.com/session-intelligence/session-intelligence/shared/status/quota"
)

// quotaWindow is one quota window as shown: percent used and reset time.
type quotaWindow struct {
	pct     float64
	resets  time.Time
	present bool
}

// quotaWindows reads Claude's 5-hour and 7-day quota: from stdin when
// Claude Code sends rate_limits (Pro/Max), else from the background
// refresher's cache, starting a refresher when the cache is due. A redraw
// never waits on the network.
func (r *redraw) quotaWindows() (block, week quotaWindow) {
	type pair struct{ b, w quotaWindow }
	p := once(r, "quota", func() pair {
		if rl := r.in.RateLimits; rl != nil && (rl.FiveHour != nil || rl.SevenDay != nil) {
			return pair{stdinWindow(rl.FiveHour), stdinWindow(rl.SevenDay)}
		}
		dir := r.env.Dirs.Cache()
		snap, due := quota.Read(dir, r.now)
		if due && r.env.Spawn != nil {
			quota.MaybeSpawn(dir, r.now, func() error { r.env.Spawn("quota"); return nil })
		}
		return pair{snapWindow(snap.FiveHour), snapWindow(snap.SevenDay)}
	})
	return p.b, p.w
}

func stdinWindow(w *rateWindow) quotaWindow {
	if w == nil || w.UsedPercentage == nil {
		return quotaWindow{}
	}
	q := quotaWindow{pct: *w.UsedPercentage, present: true}
	if w.ResetsAt != nil && *w.ResetsAt > 0 && *w.ResetsAt < maxEpochSeconds {
		q.resets = time.Unix(int64(*w.ResetsAt), 0)
	}
	return q
}

func snapWindow(w *quota.Window) quotaWindow {
	if w == nil {
		return quotaWindow{}
	}
	return quotaWindow{pct: w.Pct, resets: w.ResetsAt, present: true}
}

// quotaCell renders "b:47% r:1hr 12m", escalating yellow, orange, red at
// 60, 85 and 95 percent; an absent window is an empty cell.
func (r *redraw) quotaCell(label string, w quotaWindow) cell {
	if !w.present {
		return cell{}
	}
	text := fmt.Sprintf("%s:%d%%", label, int(w.pct+0.5))
	if !w.resets.IsZero() && w.resets.After(r.now) {
		text += " r:" + quota.FormatReset(w.resets.Sub(r.now))
	}
	return cell{text: text, style: quotaStyle(w.pct)}
}

// quotaStyle escalates a quota's colour at 60, 85 and 95 percent.
func quotaStyle(pct float64) string {
	switch {
	case pct >= 95:
		return red
	case pct >= 85:
		return orange
	case pct >= 60:
		return yellow
	}
	return ""
}

func fieldBlockUsage(r *redraw) cell {
	b, _ := r.quotaWindows()
	return r.quotaCell("b", b)
}

func fieldWeekUsage(r *redraw) cell {
	_, w := r.quotaWindows()
	return r.quotaCell("w", w)
}

// fieldSpendLimit is the spend limit of a session billed through a
// gateway, "spend:62% $31/$50/mo r:12d 4hr", with the quotas' colours.
// The dollars show only when the gateway bills in USD; the share is
// Claude Code's, else worked out from the dollars.
func fieldSpendLimit(r *redraw) cell {
	rl := r.in.RateLimits
	if rl == nil || rl.SpendLimit == nil {
		return cell{}
	}
	s := rl.SpendLimit
	hasUSD := s.UsedUSD.ok && s.LimitUSD.ok && s.UsedUSD.v >= 0 && s.LimitUSD.v > 0
	var pct float64
	switch {
	case s.UsedPercentage.ok:
		pct = max(0, s.UsedPercentage.v)
	case hasUSD:
		pct = s.UsedUSD.v / s.LimitUSD.v * 100
	default:
		return cell{}
	}
	text := fmt.Sprintf("spend:%d%%", int(pct+0.5))
	if hasUSD {
		text += " " + dollars(s.UsedUSD.v) + "/" + dollars(s.LimitUSD.v) + periods[s.Period]
	}
	if rs := s.ResetsAt; rs.ok && rs.v > 0 && rs.v < maxEpochSeconds {
		if at := time.Unix(int64(rs.v), 0); at.After(r.now) {
			text += " r:" + quota.FormatReset(at.Sub(r.now))
		}
	}
	return cell{text: text, style: quotaStyle(pct)}
}

// periods abbreviate a spend limit's period.
var periods = map[string]string{"daily": "/day", "weekly": "/wk", "monthly": "/mo"}

// dollars is a limit or a spend: "$50" when whole, "$31.20" with cents
// below $1,000, whole dollars above.
func dollars(x float64) string {
	if x >= 1000 || x < 0 || x != x {
		return humanize.USD(x) // and the odd sums: $? or $>1T
	}
	if x == float64(int64(x)) {
		return fmt.Sprintf("$%.0f", x)
	}
	return fmt.Sprintf("$%.2f", x)
}

// services converts the configured serviceHealth entries.
func (r *redraw) services() []health.Service { return Services(r.cfg.ServiceHealth) }

// Services converts serviceHealth entries for package health.
func Services(list []config.Health) []health.Service {
	out := make([]health.Service, 0, len(list))
	for _, h := range list {
		out = append(out, health.Service{Name: h.Name, URL: h.URL, TTLSec: h.TTLSec, TimeoutMs: h.TimeoutMs})
	}
	return out
}

// fieldHealth shows one dot per configured service: green ● up (2xx),
// yellow ● redirect, red ● down, dim ○ not probed yet.
func fieldHealth(r *redraw) cell {
	svcs := r.services()
	if len(svcs) == 0 {
		return cell{}
	}
	dir := r.env.Dirs.Cache()
	results, due := health.Read(dir, svcs, r.now)
	if due && r.env.Spawn != nil {
		health.MaybeSpawn(dir, svcs, r.now, func() error { r.env.Spawn("health"); return nil })
	}
	var b strings.Builder
	b.WriteString("[")
	for _, res := range results {
		dot, style := "○", dim
		switch res.Status {
		case health.OK:
			dot, style = "●", green
		case health.Redirect:
			dot, style = "●", yellow
		case health.Down:
			dot, style = "●", red
		}
		b.WriteString(r.paint.paint(dot, style))
	}
	b.WriteString("]")
	return cell{text: b.String(), raw: true}
}
