package line

import (
	"fmt"
	"testing"
	"time"
)

// TestPaceField: the forecast of both windows from stdin rate_limits,
// and nothing where the figures cannot be forecast.
func TestPaceField(t *testing.T) {
	f := newFixture(t)
	at := func(d time.Duration) string { return fmt.Sprint(clock.Add(d).Unix()) }
	win := func(pct, resets string) string { return `{"used_percentage":` + pct + `,"resets_at":` + resets + `}` }
	tests := []struct {
		name, limits, want string
	}{
		{"none sent", ``, ""},
		{"null", `null`, ""},
		{"on pace", `{"five_hour":` + win("20", at(3*time.Hour)) + `,"seven_day":` + win("31", at(96*time.Hour)) + `}`, "pace 5h:~50% wk:~72%"},
		{"burst: cap before the reset", `{"five_hour":` + win("60", at(4*time.Hour)) + `}`, "pace 5h:cap ~12:40"},
		{"share over 100", `{"five_hour":` + win("140", at(time.Hour)) + `}`, "pace 5h:at cap"},
		{"zero", `{"five_hour":` + win("0", at(time.Hour)) + `}`, "pace 5h:~0%"},
		{"negative", `{"five_hour":` + win("-3", at(time.Hour)) + `}`, ""},
		{"reset in the past", `{"five_hour":` + win("50", at(-time.Hour)) + `}`, ""},
		{"reset just passed", `{"five_hour":` + win("99", at(-time.Second)) + `}`, ""},
		{"reset years ahead", `{"five_hour":` + win("50", at(20*365*24*time.Hour)) + `}`, ""},
		{"reset absurd", `{"five_hour":` + win("50", "1e300") + `}`, ""},
		{"no reset", `{"five_hour":{"used_percentage":50}}`, ""},
		{"too early", `{"five_hour":` + win("2", at(5*time.Hour-5*time.Minute)) + `}`, ""},
		{"one window forecast, the other not", `{"five_hour":` + win("50", at(-time.Hour)) + `,"seven_day":` + win("31", at(96*time.Hour)) + `}`, "pace wk:~72%"},
		{"wrong types", `{"five_hour":{"used_percentage":"lots","resets_at":[1]}}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			members := map[string]string{"rate_limits": tt.limits}
			got := f.render(f.with(425_000, members), false, []string{"pace"}, "")
			if got != tt.want {
				t.Errorf("pace = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestPaceColour: orange when a cap is projected, red when reached.
func TestPaceColour(t *testing.T) {
	f := newFixture(t)
	five := func(pct float64, resets time.Duration) string {
		return fmt.Sprintf(`{"five_hour":{"used_percentage":%g,"resets_at":%d}}`, pct, clock.Add(resets).Unix())
	}
	for _, tt := range []struct {
		limits, style string
	}{
		{five(20, 3*time.Hour), "\x1b[2m"}, {five(60, 4*time.Hour), orange}, {five(100, time.Hour), red},
	} {
		got := f.render(f.with(425_000, map[string]string{"rate_limits": tt.limits}), true, []string{"pace"}, "")
		if len(got) < len(tt.style) || got[:len(tt.style)] != tt.style {
			t.Errorf("%s: %q, want style %q", tt.limits, got, tt.style)
		}
	}
}
