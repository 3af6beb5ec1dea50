package quota

import (
	"testing"
	"time"
)

var (
	t0     = time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)
	reset5 = time.Date(2026, 11, 29, 20, 0, 0, 0, time.UTC)
	reset7 = time.Date(2026, 12, 3, 8, 0, 0, 0, time.UTC)
)

// win is a shorthand for an expected window.
func win(pct float64, at time.Time) *Window { return &Window{Pct: pct, ResetsAt: at} }

// sameWindow compares two optional windows.
func sameWindow(a, b *Window) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Pct == b.Pct && a.ResetsAt.Equal(b.ResetsAt)
}

func TestFormatReset(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{-time.Minute, "0m"},
		{0, "0m"},
		{time.Second, "1m"},
		{45 * time.Minute, "45m"},
		{44*time.Minute + 10*time.Second, "45m"},
		{time.Hour, "1hr"},
		{72 * time.Minute, "1hr 12m"},
		{24 * time.Hour, "1d"},
		{29 * time.Hour, "1d 5hr"},
		{4*24*time.Hour + 12*time.Hour + 40*time.Minute, "4d 12hr"},
	}
	for _, tt := range tests {
		if got := FormatReset(tt.d); got != tt.want {
			t.Errorf("FormatReset(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}
