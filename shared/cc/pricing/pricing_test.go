package pricing

import (
	"math"
	"testing"
)

const eps = 1e-9

func near(a, b float64) bool { return math.Abs(a-b) < eps }

// The expected costs below were measured with ccusage 20.0.24.
var (
	small = Usage{Input: 100_000, Output: 1000, CacheWrite: 10_000, CacheRead: 50_000}
	large = Usage{Input: 250_000, Output: 300_000, CacheWrite: 160_000, CacheWrite1: 100_000, CacheRead: 400_000}
)

func TestCost(t *testing.T) {
	tests := []struct {
		model string
		u     Usage
		want  float64
	}{
		{"claude-opus-4-6", small, 0.6125},
		{"claude-opus-4-1-20250805", small, 1.8375},
		{"claude-sonnet-4-5-20250929", small, 0.3675},
		{"claude-haiku-4-5-20251001", small, 0.1225},
		{"claude-3-5-haiku-20241022", small, 0.098},
		{"claude-3-haiku-20240307", small, 0.03075},
		{"claude-sonnet-5", small, 0.245},
		{"claude-opus-4-6", large, 10.95},
		{"claude-opus-4-1-20250805", large, 32.85},
		{"claude-sonnet-4-5-20250929", large, 7.53}, // tiered per kind above 200k
		{"claude-sonnet-4-6", large, 6.57},          // not tiered
		{"claude-haiku-4-5-20251001", large, 2.19},
		{"claude-3-5-haiku-20241022", large, 1.752},
		{"claude-3-haiku-20240307", large, 0.5475},
		{"claude-sonnet-4-5-20250929", Usage{Input: 1_000_000}, 5.4},
		{"claude-sonnet-4-20250514", Usage{Input: 200_000}, 0.6}, // at the threshold: still base price
		{"claude-sonnet-4-20250514", Usage{Input: 200_001}, 0.600006},
		{"claude-opus-4-6", Usage{}, 0},
	}
	table := Default()
	for _, tt := range tests {
		t.Run(tt.model, func(t *testing.T) {
			p, known := table.Lookup(tt.model)
			if !known {
				t.Fatalf("Lookup(%q) known = false", tt.model)
			}
			if got := p.Cost(tt.u); !near(got, tt.want) {
				t.Errorf("Cost(%s, %+v) = %.12f, want %v", tt.model, tt.u, got, tt.want)
			}
		})
	}
}

// TestCostSplitSums checks that pricing summed responses with their
// summed above-threshold parts equals pricing them one by one.
func TestCostSplitSums(t *testing.T) {
	p, _ := Default().Lookup("claude-sonnet-4-5")
	responses := []Usage{large, small, {Input: 300_000, CacheRead: 10}}
	var total, above Usage
	want := 0.0
	for _, u := range responses {
		total, above = total.Add(u), above.Add(Split(u))
		want += p.Cost(u)
	}
	if got := p.CostSplit(total, above); !near(got, want) {
		t.Errorf("CostSplit(sums) = %.12f, want %.12f", got, want)
	}
	if got := total.Sub(large).Sub(small); got != (Usage{Input: 300_000, CacheRead: 10}) {
		t.Errorf("Sub = %+v", got)
	}
}

func TestUsageTotals(t *testing.T) {
	tests := []struct {
		name      string
		got, want int64
	}{
		{"CacheCreation", large.CacheCreation(), 260_000},
		{"Context", large.Context(), 910_000},
		{"Total", large.Total(), 1_210_000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("%s = %d, want %d", tt.name, tt.got, tt.want)
			}
		})
	}
	if got, want := Split(large), (Usage{Input: 50_000, Output: 100_000, CacheRead: 200_000}); got != want {
		t.Errorf("Split(large) = %+v, want %+v", got, want)
	}
}

func TestLookup(t *testing.T) {
	opus := flat(5, 25)
	tests := []struct {
		model     string
		norm      string
		known     bool
		input     float64
		output    float64
		wantTiers bool
	}{
		{"claude-opus-4-6[1m]", "claude-opus-4-6", true, 5, 25, false},
		{"us.anthropic.claude-sonnet-4-5-20250929-v1:0", "claude-sonnet-4-5-20250929", true, 3, 15, true},
		{"claude-opus-4-1@20250805", "claude-opus-4-1", true, 15, 75, false},
		{"claude-opus-4-6-thinking", "claude-opus-4-6-thinking", true, 5, 25, false},
		{"Claude-Haiku-4-5 ", "claude-haiku-4-5", true, 1, 5, false},
		{"claude-3-5-sonnet-latest", "claude-3-5-sonnet-latest", true, 3, 15, false},
		{"claude-sonnet-4-20250514", "claude-sonnet-4-20250514", true, 3, 15, true},
		{"claude-opus-4-9", "claude-opus-4-9", false, opus.Input, opus.Output, false},
		{"claude-opus-5-5", "claude-opus-5-5", false, opus.Input, opus.Output, false},
		{"claude-sonnet-9", "claude-sonnet-9", false, 3, 15, false},
		{"claude-haiku-7", "claude-haiku-7", false, 1, 5, false},
		{"claude-fable-9", "claude-fable-9", false, opus.Input, opus.Output, false},
		{"", "", false, opus.Input, opus.Output, false},
	}
	table := Default()
	for _, tt := range tests {
		t.Run(tt.model, func(t *testing.T) {
			if got := Normalize(tt.model); got != tt.norm {
				t.Errorf("Normalize(%q) = %q, want %q", tt.model, got, tt.norm)
			}
			p, known := table.Lookup(tt.model)
			if known != tt.known || p.Input != tt.input || p.Output != tt.output || (p.Above != nil) != tt.wantTiers {
				t.Errorf("Lookup(%q) = %+v, %v, want input %v output %v tiered %v, %v",
					tt.model, p, known, tt.input, tt.output, tt.wantTiers, tt.known)
			}
		})
	}
}

func TestWithOverrides(t *testing.T) {
	t.Run("flat", func(t *testing.T) {
		table := Default().WithOverrides(map[string]any{"input": 10.0, "output": 20.0, "cache_read": 0.5})
		want := Price{Input: 10, Output: 20, CacheWrite: 12.5, CacheWrite1: 20, CacheRead: 0.5}
		for _, model := range []string{"claude-opus-4-1", "claude-sonnet-4-5-20250929", "claude-unknown-1"} {
			p, _ := table.Lookup(model)
			if p != want {
				t.Errorf("Lookup(%q) after a flat override = %+v, want %+v", model, p, want)
			}
		}
		if _, known := table.Lookup("claude-unknown-1"); known {
			t.Error("an unknown model became known through the flat override")
		}
	})
	t.Run("per model", func(t *testing.T) {
		table := Default().WithOverrides(map[string]any{
			"claude-opus-4-6":            map[string]any{"output": 30.0},
			"claude-sonnet-4-5-20250929": map[string]any{"input": 4.0, "cache_creation": 4.5},
			"claude-new-model":           map[string]any{"input": 2.0},
			"claude-haiku-4-5":           "not an object",
			"claude-3-haiku":             map[string]any{"input": -1.0},
		})
		tests := []struct {
			model string
			want  Price
		}{
			{"claude-opus-4-6[1m]", Price{Input: 5, Output: 30, CacheWrite: 6.25, CacheWrite1: 10, CacheRead: 0.5}},
			{"claude-opus-4-5", flat(5, 25)},
			{"claude-sonnet-4-5-20250929", Price{Input: 4, Output: 15, CacheWrite: 4.5, CacheWrite1: 8, CacheRead: 0.4}},
			{"claude-new-model", Price{Input: 2, Output: 25, CacheWrite: 2.5, CacheWrite1: 4, CacheRead: 0.2}},
			{"claude-haiku-4-5", flat(1, 5)},
			{"claude-3-haiku", Price{Input: 0.25, Output: 1.25, CacheWrite: 0.30, CacheWrite1: 0.50, CacheRead: 0.03}},
		}
		for _, tt := range tests {
			p, known := table.Lookup(tt.model)
			if !known || p.Input != tt.want.Input || p.Output != tt.want.Output || !near(p.CacheWrite, tt.want.CacheWrite) ||
				!near(p.CacheWrite1, tt.want.CacheWrite1) || !near(p.CacheRead, tt.want.CacheRead) || p.Above != nil {
				t.Errorf("Lookup(%q) = %+v, %v, want %+v, true", tt.model, p, known, tt.want)
			}
		}
		if p, _ := table.Lookup("claude-sonnet-4-5"); p.Above == nil {
			t.Error("an override of a dated id changed the undated family")
		}
	})
	t.Run("empty", func(t *testing.T) {
		if got := Default().WithOverrides(nil); len(got) != len(Default()) {
			t.Errorf("WithOverrides(nil) has %d models, want %d", len(got), len(Default()))
		}
	})
	t.Run("default untouched", func(t *testing.T) {
		base := Default()
		base.WithOverrides(map[string]any{"input": 1.0})
		if p, _ := base.Lookup("claude-opus-4-1"); p.Input != 15 {
			t.Errorf("WithOverrides modified its receiver: opus-4-1 input = %v", p.Input)
		}
	})
}

func TestSaved(t *testing.T) {
	tests := []struct {
		model string
		u     Usage
		want  float64
	}{
		{"claude-opus-4-6", Usage{CacheRead: 1_000_000}, 4.5},
		{"claude-sonnet-4-6", large, 1.08},
		{"claude-sonnet-4-5", large, 1.62}, // 200k at 3-0.3, 200k at 6-0.6
		{"claude-opus-4-6", Usage{Input: 1_000_000}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.model, func(t *testing.T) {
			p, _ := Default().Lookup(tt.model)
			if got := p.Saved(tt.u, Split(tt.u)); !near(got, tt.want) {
				t.Errorf("Saved(%s, %+v) = %.12f, want %v", tt.model, tt.u, got, tt.want)
			}
		})
	}
}

func BenchmarkLookupCost(b *testing.B) {
	table := Default()
	for b.Loop() {
		p, _ := table.Lookup("us.anthropic.claude-sonnet-4-5-20250929-v1:0")
		p.Cost(large)
	}
}

// TestWithOverridesDeterministic: a missing field keeps the default
// price, whatever the (random) order in which overrides are applied.
func TestWithOverridesDeterministic(t *testing.T) {
	cfg := map[string]any{
		"claude-sonnet-4-5":          map[string]any{"output": 30.0},
		"claude-sonnet-4-5-20250929": map[string]any{"input": 4.0},
		"claude-sonnet-4":            map[string]any{"cache_read": 1.0},
	}
	for i := range 64 {
		table := Default().WithOverrides(cfg)
		dated, _ := table.Lookup("claude-sonnet-4-5-20250929")
		family, _ := table.Lookup("claude-sonnet-4-5")
		if dated.Output != 15 || dated.CacheRead != 0.4 || family.Output != 30 || family.CacheRead != 0.3 {
			t.Fatalf("run %d: dated %+v, family %+v; want output 15/read 0.4 and output 30/read 0.3", i, dated, family)
		}
	}
}
