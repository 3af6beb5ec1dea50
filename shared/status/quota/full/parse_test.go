package full

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/status/quota"
)

var (
	t0      = time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)
	reset5  = time.Date(2026, 11, 29, 20, 0, 0, 0, time.UTC)
	reset7  = time.Date(2026, 12, 3, 8, 0, 0, 0, time.UTC)
	epoch5  = "1795982400" // reset5 in epoch seconds
	epoch5m = "1795982400000"
)

// win is a shorthand for an expected window.
func win(pct float64, at time.Time) *quota.Window { return &quota.Window{Pct: pct, ResetsAt: at} }

// sameWindow compares two optional windows.
func sameWindow(a, b *quota.Window) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Pct == b.Pct && a.ResetsAt.Equal(b.ResetsAt)
}

func TestParseUsage(t *testing.T) {
	tests := []struct {
		name        string
		body        string
		five, seven *quota.Window
		wantErr     bool
	}{
		{"iso strings", `{"five_hour":{"utilization":47.0,"resets_at":"2026-11-29T20:00:00Z"},"seven_day":{"utilization":31,"resets_at":"2026-12-03T08:00:00Z"},"extra_usage":{"is_enabled":false}}`,
			win(47, reset5), win(31, reset7), false},
		{"iso with offset and fraction", `{"five_hour":{"utilization":5,"resets_at":"2026-11-29T21:00:00.000+01:00"}}`, win(5, reset5), nil, false},
		{"epoch seconds", `{"five_hour":{"utilization":12,"resets_at":` + epoch5 + `}}`, win(12, reset5), nil, false},
		{"epoch millis", `{"five_hour":{"utilization":12,"resets_at":` + epoch5m + `}}`, win(12, reset5), nil, false},
		{"epoch as string", `{"five_hour":{"utilization":"12.5","resets_at":"` + epoch5 + `"}}`, win(12.5, reset5), nil, false},
		{"fractions", `{"five_hour":{"utilization":0.47},"seven_day":{"utilization":0.31}}`, win(47, time.Time{}), win(31, time.Time{}), false},
		{"whole values at most 1 are percent", `{"five_hour":{"utilization":1},"seven_day":{"utilization":0}}`, win(1, time.Time{}), win(0, time.Time{}), false},
		{"one over 1 means percent", `{"five_hour":{"utilization":0.5},"seven_day":{"utilization":31}}`, win(0.5, time.Time{}), win(31, time.Time{}), false},
		{"clamped", `{"five_hour":{"utilization":130},"seven_day":{"utilization":-3}}`, win(100, time.Time{}), win(0, time.Time{}), false},
		{"null reset", `{"five_hour":{"utilization":0,"resets_at":null}}`, win(0, time.Time{}), nil, false},
		{"null window", `{"five_hour":null,"seven_day":{"utilization":9}}`, nil, win(9, time.Time{}), false},
		{"null utilization", `{"five_hour":{"utilization":null},"seven_day":{"utilization":9}}`, nil, win(9, time.Time{}), false},
		{"no windows", `{"extra_usage":{}}`, nil, nil, true},
		{"not json", `<html>`, nil, nil, true},
		{"bad utilization", `{"five_hour":{"utilization":"lots"}}`, nil, nil, true},
		{"bad reset", `{"five_hour":{"utilization":1,"resets_at":"soon"}}`, nil, nil, true},
		{"bad reset type", `{"five_hour":{"utilization":1,"resets_at":{}}}`, nil, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := parseUsage([]byte(tt.body))
			if (err != nil) != tt.wantErr {
				t.Fatalf("parseUsage error = %v, want error %v", err, tt.wantErr)
			}
			if !sameWindow(u.FiveHour, tt.five) || !sameWindow(u.SevenDay, tt.seven) {
				t.Errorf("parseUsage = %+v / %+v, want %+v / %+v", u.FiveHour, u.SevenDay, tt.five, tt.seven)
			}
		})
	}
}

func TestParseInstant(t *testing.T) {
	tests := []struct {
		raw     string
		want    time.Time
		wantErr bool
	}{
		{``, time.Time{}, false},
		{`null`, time.Time{}, false},
		{`""`, time.Time{}, false},
		{`0`, time.Time{}, false},
		{`1795982400.5`, reset5.Add(500 * time.Millisecond), false},
		{`"2026-11-29T20:00:00Z"`, reset5, false},
		{`1e300`, time.Time{}, true},
		{`true`, time.Time{}, true},
	}
	for _, tt := range tests {
		got, err := parseInstant(json.RawMessage(tt.raw))
		if !got.Equal(tt.want) || (err != nil) != tt.wantErr {
			t.Errorf("parseInstant(%s) = %v, %v, want %v, error %v", tt.raw, got, err, tt.want, tt.wantErr)
		}
	}
}

func TestParseRetryAfter(t *testing.T) {
	tests := []struct {
		header string
		want   time.Duration
	}{
		{"", 0},
		{"120", 120 * time.Second},
		{" 7 ", 7 * time.Second},
		{"0", 0},
		{"-5", 0},
		{"99999999999", 24 * time.Hour},
		{t0.Add(10 * time.Minute).Format(http.TimeFormat), 10 * time.Minute},
		{t0.Add(-time.Minute).Format(http.TimeFormat), 0},
		{"soon", 0},
	}
	for _, tt := range tests {
		if got := parseRetryAfter(tt.header, t0); got != tt.want {
			t.Errorf("parseRetryAfter(%q) = %v, want %v", tt.header, got, tt.want)
		}
	}
}
