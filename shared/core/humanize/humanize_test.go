package humanize

import (
	"math"
	"testing"
	"time"
)

func TestTokens(t *testing.T) {
	tests := []struct {
		n    int64
		want string
	}{
		{0, "0"},
		{950, "950"},
		{999, "999"},
		{1000, "1k"},
		{1049, "1k"},
		{1051, "1.1k"},
		{9949, "9.9k"},
		{9999, "10k"}, // rounds into the next format without ".0"
		{10_000, "10k"},
		{12_345, "12k"},
		{425_000, "425k"},
		{999_499, "999k"},
		{999_500, "1M"}, // not "1000k"
		{1_250_000, "1.25M"},
		{2_000_000, "2M"},
		{9_994_999, "9.99M"},
		{9_999_999, "10M"},
		{10_000_000, "10M"},
		{12_345_678, "12.3M"},
		{-1500, "-1.5k"},
		{-999, "-999"},
		{math.MinInt64, "-9223372036854.8M"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := Tokens(tt.n); got != tt.want {
				t.Errorf("Tokens(%d) = %q, want %q", tt.n, got, tt.want)
			}
		})
	}
}

func TestUSD(t *testing.T) {
	tests := []struct {
		x    float64
		want string
	}{
		{0, "$0.00"},
		{0.004, "$0.00"},
		{0.424, "$0.42"},
		{7.56, "$7.56"},
		{9.99, "$9.99"},
		{9.996, "$10.0"}, // not "$10.00"
		{10, "$10.0"},
		{12.34, "$12.3"},
		{99.94, "$99.9"},
		{99.96, "$100"}, // not "$100.0"
		{100, "$100"},
		{491.4, "$491"},
		{12345.6, "$12346"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := USD(tt.x); got != tt.want {
				t.Errorf("USD(%v) = %q, want %q", tt.x, got, tt.want)
			}
		})
	}
}

func TestDuration(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{0, "0s"},
		{999 * time.Millisecond, "0s"},
		{45 * time.Second, "45s"},
		{59*time.Second + 999*time.Millisecond, "59s"},
		{time.Minute, "1m"},
		{12*time.Minute + 59*time.Second, "12m"},
		{time.Hour, "1h00m"},
		{3*time.Hour + 42*time.Minute + 30*time.Second, "3h42m"},
		{23*time.Hour + 59*time.Minute, "23h59m"},
		{24 * time.Hour, "1d0h"},
		{2*24*time.Hour + 19*time.Hour + 59*time.Minute, "2d19h"},
		{400 * 24 * time.Hour, "400d0h"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := Duration(tt.d); got != tt.want {
				t.Errorf("Duration(%v) = %q, want %q", tt.d, got, tt.want)
			}
		})
	}
}

func BenchmarkTokens(b *testing.B) {
	for b.Loop() {
		Tokens(1_234_567)
		Tokens(12_345)
	}
}
