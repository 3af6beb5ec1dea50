package pace

import (
	"fmt"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
)

// Short is the status line's form, "5h:~41%" (projected at the reset),
// "5h:cap ~14:20", "5h:at cap"; "" when there is nothing to tell. The ~
// marks an estimate.
func (e Estimate) Short(label string, now time.Time) string {
	switch e.State {
	case OnPace:
		return fmt.Sprintf("%s:~%d%%", label, pct(e.AtReset))
	case Cap:
		return label + ":cap ~" + Clock(e.CapAt, now)
	case Reached:
		return label + ":at cap"
	}
	return ""
}

// Long is `si usage`'s sentence for the window named name, with its
// basis: "5-hour: 42% used, resets 16:00; at the pace so far (42% in
// 1h10m of 5h) about 180% by the reset: the limit at about 15:12".
func (e Estimate) Long(name string, now time.Time) string {
	head := fmt.Sprintf("%s: %d%% used", name, pct(e.Used))
	if !e.Resets.IsZero() && e.Resets.After(now) {
		head += ", resets " + Clock(e.Resets, now)
	}
	basis := fmt.Sprintf("at the pace so far (%d%% in %s of %s)", pct(e.Used), span(e.Elapsed), span(e.Length))
	switch e.State {
	case OnPace:
		return fmt.Sprintf("%s; %s about %d%% by the reset: on pace, the limit is not reached", head, basis, pct(e.AtReset))
	case Cap:
		return fmt.Sprintf("%s; %s about %d%% by the reset: the limit at about %s", head, basis, pct(e.AtReset), Clock(e.CapAt, now))
	case Reached:
		return head + "; the limit is reached"
	case Early:
		return fmt.Sprintf("%s; too early in the window for a pace (less than %s of %s passed)", head,
			span(MinElapsed(e.Length)), span(e.Length))
	}
	return name + ": no usable figures (missing, negative, or a reset outside the current window)"
}

// Clock is a time of day as the user reads it, in now's zone: "14:20"
// today, "Thu 14:20" within a week, "Jan 2 14:20" beyond.
func Clock(t, now time.Time) string {
	t = t.In(now.Location())
	y1, m1, d1 := t.Date()
	y0, m0, d0 := now.Date()
	switch {
	case y1 == y0 && m1 == m0 && d1 == d0:
		return t.Format("15:04")
	case t.Sub(now) < 6*24*time.Hour && t.After(now):
		return t.Format("Mon 15:04")
	}
	return t.Format("Jan 2 15:04")
}

// span is a duration without a zero minor unit: 5h, 7d, 1h10m.
func span(d time.Duration) string {
	s := humanize.Duration(d)
	for _, zero := range []string{"h00m", "d0h"} {
		if strings.HasSuffix(s, zero) {
			return strings.TrimSuffix(s, zero) + zero[:1]
		}
	}
	return s
}

// pct rounds a share for display; absurd projections stop at 999.
func pct(x float64) int {
	switch {
	case x >= 999:
		return 999
	case x <= 0:
		return 0
	}
	return int(x + 0.5)
}
