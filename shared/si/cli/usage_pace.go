package cli

import (
	"io"
	"os"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/intel/session"
	"github.com/session-intelligence/session-intelligence/shared/status/pace"
	"github.com/session-intelligence/session-intelligence/shared/status/quota"
)

// paceReport is the status line's pace forecast as `si usage` shows it,
// with its basis: the rate limits Claude Code last sent a status line
// (recorded in the session's window file), else the usage endpoint's
// cache.
type paceReport struct {
	basis   string // "status_line" or "usage_endpoint"
	at      time.Time
	now     time.Time
	windows []paceWindow
}

// paceWindow is one window's forecast under its name.
type paceWindow struct {
	name string
	est  pace.Estimate
}

// basisText is how the text report names each basis.
var basisText = map[string]string{
	"status_line":    "the rate limits Claude Code sent the status line",
	"usage_endpoint": "the usage endpoint (si refresh quota)",
}

// readPace gathers the forecast; ok is false when no limits are known.
func readPace(d *deps) (paceReport, bool) {
	now := d.Now()
	limits, at := latestLimits(d)
	r := paceReport{basis: "status_line", at: at, now: now}
	if at.IsZero() {
		snap, _ := quota.Read(d.Dirs.Cache(), now)
		if snap.FetchedAt.IsZero() {
			return r, false
		}
		r.at, r.basis = snap.FetchedAt, "usage_endpoint"
		if q := snap.FiveHour; q != nil && !q.ResetsAt.IsZero() {
			limits.FiveHour, limits.FiveHourEnds = q.Pct, q.ResetsAt.Unix()
		}
		if q := snap.SevenDay; q != nil && !q.ResetsAt.IsZero() {
			limits.Week, limits.WeekEnds = q.Pct, q.ResetsAt.Unix()
		}
	}
	for _, win := range []struct {
		name   string
		used   float64
		ends   int64
		length time.Duration
	}{{"5-hour", limits.FiveHour, limits.FiveHourEnds, pace.FiveHour}, {"weekly", limits.Week, limits.WeekEnds, pace.Week}} {
		if win.ends == 0 {
			continue
		}
		e := pace.Forecast(pace.Window{Used: win.used, Resets: time.Unix(win.ends, 0)}, win.length, now)
		r.windows = append(r.windows, paceWindow{win.name, e})
	}
	return r, true
}

// printPace adds the forecast to the text report; no lines when no
// limits are known.
func printPace(w io.Writer, d *deps) {
	r, ok := readPace(d)
	if !ok {
		return
	}
	put(w, "\nPace (an estimate: the share used over the elapsed part of each window, from "+basisText[r.basis]+", last changed "+pace.Clock(r.at, r.now)+")\n")
	for _, win := range r.windows {
		put(w, "  "+win.est.Long(win.name, r.now)+"\n")
	}
}

func put(w io.Writer, s string) { _, _ = io.WriteString(w, s) }

// latestLimits finds the rate limits of the session whose window file
// changed last, and when it changed.
func latestLimits(d *deps) (session.RateLimits, time.Time) {
	var best session.RateLimits
	var at time.Time
	entries, _ := os.ReadDir(d.Dirs.Sessions())
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		dir := session.Dir(d.Dirs.Session(e.Name()))
		fi, err := os.Stat(dir.WindowFile())
		if err != nil || !fi.ModTime().After(at) {
			continue
		}
		if l := dir.LoadWindow().Limits; l != (session.RateLimits{}) {
			best, at = l, fi.ModTime()
		}
	}
	return best, at
}
