package pace

import (
	"math"
	"strings"
	"testing"
	"time"
)

var now = time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)

func TestForecast(t *testing.T) {
	in := func(d time.Duration) time.Time { return now.Add(d) }
	tests := []struct {
		name   string
		w      Window
		length time.Duration
		want   State
		short  string
	}{
		{"no figures", Window{}, FiveHour, None, ""},
		{"no reset", Window{Used: 40}, FiveHour, None, ""},
		{"NaN share", Window{Used: math.NaN(), Resets: in(time.Hour)}, FiveHour, None, ""},
		{"infinite share", Window{Used: math.Inf(1), Resets: in(time.Hour)}, FiveHour, None, ""},
		{"negative share", Window{Used: -5, Resets: in(time.Hour)}, FiveHour, None, ""},
		{"reset in the past", Window{Used: 40, Resets: in(-3 * time.Hour)}, FiveHour, None, ""},
		{"reset just passed", Window{Used: 97, Resets: in(-time.Second)}, FiveHour, None, ""},
		{"reset now", Window{Used: 97, Resets: now}, FiveHour, None, ""},
		{"reset years ahead", Window{Used: 40, Resets: in(3 * 365 * 24 * time.Hour)}, FiveHour, None, ""},
		{"weekly reset past a week", Window{Used: 40, Resets: in(Week + time.Hour)}, Week, None, ""},
		{"share over 100", Window{Used: 140, Resets: in(time.Hour)}, FiveHour, Reached, "5h:at cap"},
		{"share exactly 100", Window{Used: 100, Resets: in(time.Hour)}, FiveHour, Reached, "5h:at cap"},
		{"too early", Window{Used: 3, Resets: in(FiveHour - 10*time.Minute)}, FiveHour, Early, ""},
		{"zero share", Window{Used: 0, Resets: in(2 * time.Hour)}, FiveHour, OnPace, "5h:~0%"},
		{"on pace", Window{Used: 20, Resets: in(3 * time.Hour)}, FiveHour, OnPace, "5h:~50%"},
		{"burst: cap before the reset", Window{Used: 60, Resets: in(4 * time.Hour)}, FiveHour, Cap, "5h:cap ~12:40"},
		{"weekly on pace", Window{Used: 31, Resets: in(4 * 24 * time.Hour)}, Week, OnPace, "wk:~72%"},
		{"weekly cap another day", Window{Used: 80, Resets: in(3 * 24 * time.Hour)}, Week, Cap, "wk:cap ~Sun 12:00"},
		{"reset a little past the length (skew)", Window{Used: 1, Resets: in(FiveHour + time.Minute)}, FiveHour, Early, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			label := "5h"
			if tt.length == Week {
				label = "wk"
			}
			e := Forecast(tt.w, tt.length, now)
			if e.State != tt.want {
				t.Fatalf("Forecast() state = %v, want %v (%+v)", e.State, tt.want, e)
			}
			if got := e.Short(label, now); got != tt.short {
				t.Errorf("Short() = %q, want %q", got, tt.short)
			}
			if long := e.Long("5-hour", now); long == "" || strings.Contains(long, "NaN") {
				t.Errorf("Long() = %q", long)
			}
			if e.State == Cap && (!e.CapAt.After(now) || e.CapAt.After(tt.w.Resets)) {
				t.Errorf("CapAt %v not between now and the reset %v", e.CapAt, tt.w.Resets)
			}
		})
	}
}

// TestBurstThenIdle: a burst early in the window projects the cap; as
// the window goes on without more use, the same share projects less,
// and the window then ends on pace.
func TestBurstThenIdle(t *testing.T) {
	resets := now.Add(4 * time.Hour) // 1 hour in
	w := Window{Used: 50, Resets: resets}
	first := Forecast(w, FiveHour, now)
	if first.State != Cap {
		t.Fatalf("just after the burst: %+v, want Cap", first)
	}
	later := Forecast(w, FiveHour, now.Add(2*time.Hour)) // 3 hours in, no more use
	if later.State != OnPace || later.AtReset >= first.AtReset || int(later.AtReset+0.5) != 83 {
		t.Fatalf("after two idle hours: %+v, want on pace at ~83%%", later)
	}
}

func TestLong(t *testing.T) {
	e := Forecast(Window{Used: 42, Resets: now.Add(3*time.Hour + 50*time.Minute)}, FiveHour, now)
	want := "5-hour: 42% used, resets 15:50; at the pace so far (42% in 1h10m of 5h) about 180% by the reset: the limit at about 13:36"
	if got := e.Long("5-hour", now); got != want {
		t.Errorf("Long() = %q\nwant     %q", got, want)
	}
	early := Forecast(Window{Used: 2, Resets: now.Add(Week - time.Hour)}, Week, now)
	if got := early.Long("weekly", now); !strings.Contains(got, "too early in the window for a pace (less than 8h24m of 7d passed)") {
		t.Errorf("Long() early = %q", got)
	}
}

func TestClock(t *testing.T) {
	tests := []struct {
		at   time.Time
		want string
	}{
		{now.Add(2 * time.Hour), "14:00"},
		{now.Add(20 * time.Hour), "Sun 08:00"},
		{now.Add(10 * 24 * time.Hour), "Dec 15 12:00"},
	}
	for _, tt := range tests {
		if got := Clock(tt.at, now); got != tt.want {
			t.Errorf("Clock(%v) = %q, want %q", tt.at, got, tt.want)
		}
	}
}
