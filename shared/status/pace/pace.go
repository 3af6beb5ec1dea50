// Package pace forecasts when a usage window (Claude's 5-hour block or
// its weekly limit) will be used up, from the two figures Claude Code
// reports for it: the share used and the reset time.
//
// The pace is the share used over the elapsed part of the window: the
// window started one window length before its reset, so at a used share
// u after an elapsed time e of a window of length L, the window ends at
// u×L/e and reaches 100% at e×100/u after its start. It needs no
// samples, so the status line keeps no state and reads no file for it.
// Real sessions are bursty (a third of the 5-minute intervals of an
// active block are idle; the busiest tenth carry over a third of the
// use); a rate taken over the last minutes swings with each burst and
// each pause, the window average does not (docs/statusline.md#pace).
package pace

import (
	"math"
	"time"
)

// The windows Claude Code reports.
const (
	FiveHour = 5 * time.Hour
	Week     = 7 * 24 * time.Hour
)

// skew is how far a reset may lie beyond one window length from now
// (clocks differ, resets are rounded) before the figures are not taken
// to describe the current window.
const skew = 2 * time.Minute

// Window is one window as reported: the share used in percent and the
// reset time.
type Window struct {
	Used   float64
	Resets time.Time
}

// State says what can be told about a window.
type State int

// The states of an [Estimate].
const (
	None    State = iota // nothing to tell: no figures, or figures that cannot describe the current window
	Early                // too little of the window has passed for a pace
	OnPace               // the window resets before the limit is reached
	Cap                  // at this pace the limit is reached before the reset
	Reached              // the limit is already reached
)

// Estimate is the forecast of one window.
type Estimate struct {
	State   State
	Used    float64       // share used, percent
	AtReset float64       // share projected at the reset (OnPace, Cap)
	CapAt   time.Time     // when 100% is reached (Cap)
	Resets  time.Time     // the window's reset
	Elapsed time.Duration // the part of the window the pace is taken over
	Length  time.Duration // the window's length
}

// MinElapsed is the part of a window that must have passed before its
// pace says anything: a twentieth (15 minutes of 5 hours, 8.4 hours of a
// week). Before it one request swings the projection by tens of percent.
func MinElapsed(length time.Duration) time.Duration { return length / 20 }

// Forecast projects w, a window of the given length, at now.
func Forecast(w Window, length time.Duration, now time.Time) Estimate {
	e := Estimate{Used: w.Used, Resets: w.Resets, Length: length}
	u := w.Used
	if math.IsNaN(u) || math.IsInf(u, 0) || u < 0 || w.Resets.IsZero() || length <= 0 {
		return e
	}
	left := w.Resets.Sub(now)
	if left <= 0 || left > length+skew {
		return e // the window is over (its share belongs to it), or the reset is not this window's
	}
	if u >= 100 {
		e.State = Reached
		return e
	}
	e.Elapsed = max(0, length-left)
	if e.Elapsed < MinElapsed(length) {
		e.State = Early
		return e
	}
	e.AtReset = u * float64(length) / float64(e.Elapsed)
	if e.AtReset < 100 {
		e.State = OnPace
		return e
	}
	e.State = Cap
	e.CapAt = now.Add(time.Duration((100 - u) / u * float64(e.Elapsed)))
	if e.CapAt.After(w.Resets) {
		e.CapAt = w.Resets // rounding at exactly 100%
	}
	return e
}
