// Package humanize formats token counts, money and durations the same way in
// advisories, the status line and the CLIs.
package humanize

import (
	"fmt"
	"math"
	"time"
)

// Tokens formats a token count compactly: 950, 12.3k, 425k, 1.25M.
func Tokens(n int64) string {
	f := float64(n)
	switch {
	case n < 0:
		return "-" + Tokens(-max(n, -math.MaxInt64)) // -MinInt64 overflows
	case n < 1000:
		return fmt.Sprintf("%d", n)
	case n < 10_000:
		return trim(fmt.Sprintf("%.1fk", f/1e3))
	case n < 999_500:
		return fmt.Sprintf("%.0fk", math.Round(f/1e3))
	case n < 10_000_000:
		return trim(fmt.Sprintf("%.2fM", f/1e6))
	}
	return trim(fmt.Sprintf("%.1fM", f/1e6))
}

// trim drops a useless ".0"/".00" before the unit.
func trim(s string) string {
	unit := s[len(s)-1:]
	num := s[:len(s)-1]
	for len(num) > 0 && num[len(num)-1] == '0' && contains(num, '.') {
		num = num[:len(num)-1]
	}
	if len(num) > 0 && num[len(num)-1] == '.' {
		num = num[:len(num)-1]
	}
	return num + unit
}

func contains(s string, c byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return true
		}
	}
	return false
}

// USD formats dollars: $0.42, $7.56, $12.3, $491.
func USD(x float64) string {
	if s, odd := oddUSD(x); odd {
		return s
	}
	switch { // borders where the next format would round up to 100 / 10
	case x >= 99.95:
		return fmt.Sprintf("$%.0f", x)
	case x >= 9.995:
		return fmt.Sprintf("$%.1f", x)
	}
	return fmt.Sprintf("$%.2f", x)
}

// Cents formats dollars with cents: $0.42, $1234.50.
func Cents(x float64) string {
	if s, odd := oddUSD(x); odd {
		return s
	}
	return fmt.Sprintf("$%.2f", x)
}

// maxUSD is the largest sum printed in digits; a figure past it can
// only come from a wrong price or a wrong count.
const maxUSD = 1e12

// oddUSD renders the sums no one should see in digits: not a number, an
// infinity (a price of 1e308 times a token count), or past maxUSD.
func oddUSD(x float64) (string, bool) {
	switch {
	case math.IsNaN(x):
		return "$?", true
	case x >= maxUSD:
		return "$>1T", true
	case x <= -maxUSD:
		return "-$>1T", true
	}
	return "", false
}

// Duration formats an elapsed time tightly: 45s, 12m, 3h42m, 2d19h.
func Duration(d time.Duration) string {
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d.Minutes()))
	case d < 24*time.Hour:
		return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
	}
	return fmt.Sprintf("%dd%dh", int(d.Hours())/24, int(d.Hours())%24)
}

// TokensTight formats with one decimal for thousands and millions, the
// way the token-flow field reads: 950, 60.4k, 600.2k, 75.3M.
func TokensTight(n int64) string {
	f := float64(n)
	switch {
	case n < 1000:
		return fmt.Sprintf("%d", n)
	case n < 999_950:
		return fmt.Sprintf("%.1fk", f/1e3)
	}
	return fmt.Sprintf("%.1fM", f/1e6)
}

// Span formats a longer interval for ages and reset timers: 45m,
// 1hr 22m, 4d 12hr.
func Span(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	m := int(d.Minutes())
	switch {
	case m < 60:
		return fmt.Sprintf("%dm", m)
	case m < 24*60:
		return fmt.Sprintf("%dhr %dm", m/60, m%60)
	}
	return fmt.Sprintf("%dd %dhr", m/(24*60), m%(24*60)/60)
}
