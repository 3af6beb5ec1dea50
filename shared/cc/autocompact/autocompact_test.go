package autocompact

import (
	"testing"
)

func env(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

func TestCompute(t *testing.T) {
	f := false
	tests := []struct {
		name   string
		in     Inputs
		want   int64 // threshold
		off    bool
		window int64
		from   Source
	}{
		{"status line 200k", Inputs{Window: 200_000}, 167_000, false, 200_000, FromStatusLine},
		{"status line 1M", Inputs{Window: 1_000_000}, 967_000, false, 1_000_000, FromStatusLine},
		{"model id 1M native", Inputs{Model: "claude-opus-5-5"}, 967_000, false, 1_000_000, FromModel},
		{"model id 200k", Inputs{Model: "claude-opus-4-6"}, 167_000, false, 200_000, FromModel},
		{"model id [1m]", Inputs{Model: "claude-sonnet-4-5[1m]"}, 967_000, false, 1_000_000, FromModel},
		{"nothing known", Inputs{}, 167_000, false, 200_000, FromDefault},
		{"window 0 or absurd falls back", Inputs{Window: 5, Model: "claude-opus-4-7"}, 967_000, false, 1_000_000, FromModel},
		{"absurd window", Inputs{Window: 1 << 60}, 167_000, false, 200_000, FromDefault},
		{"settings number", Inputs{Window: 1_000_000, Settings: []any{float64(400_000)}}, 367_000, false, 1_000_000, FromStatusLine},
		{"settings auto", Inputs{Window: 1_000_000, Settings: []any{"auto", float64(400_000)}}, 967_000, false, 1_000_000, FromStatusLine},
		{"settings wrong type ignored", Inputs{Window: 200_000, Settings: []any{true, []any{1}}}, 167_000, false, 200_000, FromStatusLine},
		{"settings below the minimum ignored", Inputs{Window: 200_000, Settings: []any{float64(50_000)}}, 167_000, false, 200_000, FromStatusLine},
		{"settings per model", Inputs{Window: 1_000_000, Model: "claude-opus-5-5", Settings: []any{map[string]any{"default": float64(600_000),
			"byModel": map[string]any{"claude-opus-5-5": float64(300_000)}}}}, 267_000, false, 1_000_000, FromStatusLine},
		{"settings per model default", Inputs{Window: 1_000_000, Model: "claude-sonnet-5", Settings: []any{map[string]any{"default": float64(600_000),
			"byModel": map[string]any{"claude-opus-5-5": float64(300_000)}}}}, 567_000, false, 1_000_000, FromStatusLine},
		{"settings capped at the window", Inputs{Window: 200_000, Settings: []any{float64(500_000)}}, 167_000, false, 200_000, FromStatusLine},
		{"env window wins", Inputs{Window: 1_000_000, Getenv: env("CLAUDE_CODE_AUTO_COMPACT_WINDOW", "250000"), Settings: []any{float64(400_000)}}, 217_000, false, 1_000_000, FromStatusLine},
		{"pct override", Inputs{Window: 200_000, Getenv: env("CLAUDE_AUTOCOMPACT_PCT_OVERRIDE", "50")}, 90_000, false, 200_000, FromStatusLine},
		{"pct override never raises it", Inputs{Window: 200_000, Getenv: env("CLAUDE_AUTOCOMPACT_PCT_OVERRIDE", "100")}, 167_000, false, 200_000, FromStatusLine},
		{"bad pct ignored", Inputs{Window: 200_000, Getenv: env("CLAUDE_AUTOCOMPACT_PCT_OVERRIDE", "150")}, 167_000, false, 200_000, FromStatusLine},
		{"disabled by env", Inputs{Window: 200_000, Getenv: env("DISABLE_AUTO_COMPACT", "1")}, 0, true, 200_000, FromStatusLine},
		{"disabled by DISABLE_COMPACT", Inputs{Window: 200_000, Getenv: env("DISABLE_COMPACT", "true")}, 0, true, 200_000, FromStatusLine},
		{"disabled in ~/.claude.json", Inputs{Window: 200_000, Enabled: &f}, 0, true, 200_000, FromStatusLine},
		{"observed --autocompact", Inputs{Window: 1_000_000, Observed: []int64{90_014}}, 90_014, false, 1_000_000, FromStatusLine},
		{"observed at the point changes nothing", Inputs{Window: 200_000, Observed: []int64{170_251}}, 167_000, false, 200_000, FromStatusLine},
		{"observed past 200k implies 1M", Inputs{Observed: []int64{500_000}}, 500_000, false, 1_000_000, FromObserved},
		{"usage past 200k: a 1M window whatever the model says", Inputs{Model: "claude-opus-4-6", Peak: 246_000}, 967_000, false, 1_000_000, FromUsage},
		{"usage past 200k, no model", Inputs{Peak: 267_000}, 967_000, false, 1_000_000, FromUsage},
		{"usage at 200k says nothing", Inputs{Model: "claude-opus-4-6", Peak: 200_000}, 167_000, false, 200_000, FromModel},
		{"usage on a 1M model", Inputs{Model: "claude-opus-5-5", Peak: 400_000}, 967_000, false, 1_000_000, FromModel},
		{"the status line wins over usage", Inputs{Window: 200_000, Peak: 246_000}, 167_000, false, 200_000, FromStatusLine},
		// 2.1.332 compacts these 200k models only on the API's refusal.
		{"Sonnet 4.5: at the window", Inputs{Model: "claude-sonnet-4-5-20250929"}, 200_000, false, 200_000, FromModel},
		{"Opus 4.5 on 2.1.332", Inputs{Window: 200_000, Model: "claude-opus-4-5", Version: "2.1.332"}, 200_000, false, 200_000, FromStatusLine},
		{"Opus 4.5 on 2.1.29: 33k before", Inputs{Model: "claude-opus-4-5-20251101", Version: "2.1.29"}, 167_000, false, 200_000, FromModel},
		{"Haiku 4.5 with autoCompactWindow: 33k before", Inputs{Model: "claude-haiku-4-5", Settings: []any{float64(200_000)}}, 167_000, false, 200_000, FromModel},
		{"Sonnet 4.5 with a pct override: still at the window", Inputs{Model: "claude-sonnet-4-5", Getenv: env("CLAUDE_AUTOCOMPACT_PCT_OVERRIDE", "50")}, 200_000, false, 200_000, FromModel},
		{"Sonnet 4.5 [1m]", Inputs{Model: "claude-sonnet-4-5[1m]"}, 967_000, false, 1_000_000, FromModel},
		{"Opus 4.6 has its own default: 33k before", Inputs{Model: "claude-opus-4-6"}, 167_000, false, 200_000, FromModel},
		{"Sonnet 4.5 off", Inputs{Model: "claude-sonnet-4-5", Getenv: env("DISABLE_AUTO_COMPACT", "1")}, 0, true, 200_000, FromModel},
		{"Sonnet 4.5, a compaction well before the window", Inputs{Model: "claude-sonnet-4-5", Observed: []int64{167_100}}, 167_100, false, 200_000, FromModel},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := Compute(tt.in)
			if p.Threshold != tt.want || p.Off != tt.off || p.Window != tt.window || p.WindowFrom != tt.from {
				t.Errorf("Compute = %+v; want threshold %d off %v window %d from %s", p, tt.want, tt.off, tt.window, tt.from)
			}
		})
	}
}

func TestReactive(t *testing.T) {
	tests := []struct {
		model, version string
		want           bool
	}{
		{"claude-sonnet-4-5", "", true},
		{"claude-sonnet-4-5-20250929", "2.1.332", true},
		{"us.anthropic.claude-sonnet-4-20250514-v1:0", "2.1.400", true},
		{"claude-opus-4-1", "3.0.0", true},
		{"claude-haiku-4-5-20251001", "2.1.332-beta", true},
		{"claude-3-5-sonnet-20241022", "", false}, // not in its table: an unknown model, compacted 33k before
		{"claude-opus-4-6", "", false},
		{"claude-sonnet-4-6", "", false},
		{"claude-opus-4-7", "", false},
		{"claude-sonnet-4-5[1m]", "", false},
		{"claude-sonnet-4-5", "2.1.50", false},
		{"claude-sonnet-4-5", "2.1.331", false},
		{"claude-sonnet-4-5", "nonsense", false},
		{"gpt-9", "", false},
	}
	for _, tt := range tests {
		if got := reactive(tt.model, tt.version); got != tt.want {
			t.Errorf("reactive(%q, %q) = %v, want %v", tt.model, tt.version, got, tt.want)
		}
	}
}

func TestThreshold(t *testing.T) {
	// The figures Claude Code logged with --autocompact 100000: effective
	// window 80000, threshold 67000.
	if got := Threshold(100_000, 0); got != 67_000 {
		t.Errorf("Threshold(100k) = %d, want 67000", got)
	}
	if got := Threshold(10_000, 0); got != 0 {
		t.Errorf("Threshold of a tiny window = %d, want 0", got)
	}
}

func TestWindowOf(t *testing.T) {
	for model, want := range map[string]int64{
		"claude-opus-4-6": 200_000, "claude-opus-4-5-20251101": 200_000, "claude-sonnet-4-6": 200_000,
		"claude-haiku-4-5": 200_000, "claude-opus-4-7": 1_000_000, "claude-opus-4-8": 1_000_000,
		"claude-opus-5": 1_000_000, "claude-opus-5-5": 1_000_000, "claude-sonnet-5-5": 1_000_000,
		"claude-haiku-5-5": 1_000_000, "claude-fable-5-1": 1_000_000, "claude-sonnet-4-5[1m]": 1_000_000,
		"claude-3-5-sonnet-20241022": 200_000,
	} {
		if got, ok := WindowOf(model); !ok || got != want {
			t.Errorf("WindowOf(%q) = %d, %v; want %d", model, got, ok, want)
		}
	}
	for _, model := range []string{"", "gpt-4", "<synthetic>"} {
		if _, ok := WindowOf(model); ok {
			t.Errorf("WindowOf(%q) claims to know it", model)
		}
	}
}
