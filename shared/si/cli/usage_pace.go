package cli

import (
	"io"
	"os"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/intel/session"
	"github.com/session-intelligence/session-intelligence/shared/status/pace"
	"github.com/session-intelligence/session-intelligence/shared/status/quota"
)

// printPace adds the status line's pace forecast to `si usage`, with its
// basis: the rate limits Claude Code last sent a status line (recorded
// in the session's window file), else the usage endpoint's cache; no
// line when neither is known.
func printPace(w io.Writer, d *deps) {
	now := d.Now()
	limits, at := latestLimits(d)
	basis := "the rate limits Claude Code sent the status line"
	if at.IsZero() {
		snap, _ := quota.Read(d.Dirs.Cache(), now)
		if snap.FetchedAt.IsZero() {
			return
		}
		at, basis = snap.FetchedAt, "the usage endpoint (si refresh quota)"
		if q := snap.FiveHour; q != nil && !q.ResetsAt.IsZero() {
			limits.FiveHour, limits.FiveHourEnds = q.Pct, q.ResetsAt.Unix()
		}
		if q := snap.SevenDay; q != nil && !q.ResetsAt.IsZero() {
			limits.Week, limits.WeekEnds = q.Pct, q.ResetsAt.Unix()
		}
	}
	put(w, "\nPace (an estimate: the share used over the elapsed part of each window, from "+basis+", last changed "+pace.Clock(at, now)+")\n")
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
		put(w, "  "+e.Long(win.name, now)+"\n")
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
