package line

import (
	"fmt"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
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
	if w.ResetsAt != nil {
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
	style := ""
	switch {
	case w.pct >= 95:
		style = red
	case w.pct >= 85:
		style = orange
	case w.pct >= 60:
		style = yellow
	}
	return cell{text: text, style: style}
}

func fieldBlockUsage(r *redraw) cell {
	b, _ := r.quotaWindows()
	return r.quotaCell("b", b)
}

func fieldWeekUsage(r *redraw) cell {
	_, w := r.quotaWindows()
	return r.quotaCell("w", w)
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
