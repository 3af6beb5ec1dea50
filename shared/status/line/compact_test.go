package line

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAutoCompact: the tokens field carries the distance to auto-
// compaction, and autoCompact says it alone, for every kind of window
// figure Claude Code may send and with auto-compaction switched off.
func TestAutoCompact(t *testing.T) {
	f := newFixture(t)
	f.smallTranscript(t) // (see TestWindowFromUsage)
	window := func(size string) string {
		return fmt.Sprintf(`{"context_window_size":%s,"current_usage":{"input_tokens":27000,"output_tokens":50,"cache_creation_input_tokens":3000,"cache_read_input_tokens":120000}}`, size)
	}
	model := func(id string) string { return fmt.Sprintf(`{"id":%q,"display_name":"x"}`, id) }
	bar200 := "▰▰▰▰▰▰▰▰▰▰▰▰▰▰▰▱▱▱▱▱ "
	tests := []struct {
		name        string
		tokens      int64 // the fixture's current_usage; ignored when members set context_window
		members     map[string]string
		env         []string
		tokensWant  string // the tokens field alone
		compactWant string // autoCompact alone
	}{
		{"200k window", 0, map[string]string{"context_window": window("200000")}, nil,
			bar200 + "150k/200k · 17k to auto-compact", "17k to auto-compact"},
		{"1M window", 425_000, nil, nil,
			"▰▰▰▰▰▰▰▰▰▱▱▱▱▱▱▱▱▱▱▱ 425k/1M · 542k to auto-compact", "542k to auto-compact"},
		{"at the point", 167_000, map[string]string{"context_window": strings.Replace(window("200000"), "27000", "44000", 1)}, nil,
			"▰▰▰▰▰▰▰▰▰▰▰▰▰▰▰▰▰▱▱▱ 167k/200k · auto-compact due", "auto-compact due"},
		{"past the point", 0, map[string]string{"context_window": strings.Replace(window("200000"), "27000", "60000", 1)}, nil,
			"▰▰▰▰▰▰▰▰▰▰▰▰▰▰▰▰▰▰▱▱ 183k/200k · auto-compact due", "auto-compact due"},
		{"no window size: the model's", 0, map[string]string{"context_window": window("null"), "model": model("claude-opus-4-6")}, nil,
			bar200 + "150k/200k · 17k to auto-compact", "17k to auto-compact"},
		// Haiku 4.5 compacts only when the API refuses a request past its
		// 200k window (package autocompact, reactive.go).
		{"window 0", 0, map[string]string{"context_window": window("0"), "model": model("claude-haiku-4-5")}, nil,
			bar200 + "150k/200k · 50k to auto-compact", "50k to auto-compact"},
		{"window absurd", 0, map[string]string{"context_window": window("1e15"), "model": model("claude-opus-4-7")}, nil,
			"▰▰▰▱▱▱▱▱▱▱▱▱▱▱▱▱▱▱▱▱ 150k/1M · 817k to auto-compact", "817k to auto-compact"},
		{"window tiny", 0, map[string]string{"context_window": window("5"), "model": model("claude-sonnet-4-6")}, nil,
			bar200 + "150k/200k · 17k to auto-compact", "17k to auto-compact"},
		{"window negative", 0, map[string]string{"context_window": window("-200000"), "model": model("claude-sonnet-4-6")}, nil,
			bar200 + "150k/200k · 17k to auto-compact", "17k to auto-compact"},
		{"window of the wrong type", 0, map[string]string{"context_window": window(`"200k"`), "model": model("claude-sonnet-4-6")}, nil,
			bar200 + "150k/200k · 17k to auto-compact", "17k to auto-compact"},
		{"unknown model, no window: 200k", 0, map[string]string{"context_window": window("null"), "model": model("gpt-9")}, nil,
			bar200 + "150k/200k · 17k to auto-compact", "17k to auto-compact"},
		{"off by env", 0, map[string]string{"context_window": window("200000")}, []string{"DISABLE_AUTO_COMPACT", "1"},
			bar200 + "150k/200k (75%) · auto-compact off", "auto-compact off"},
		{"percentage override", 0, map[string]string{"context_window": window("200000")}, []string{"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE", "50"},
			bar200 + "150k/200k · auto-compact due", "auto-compact due"},
		{"smaller auto-compact window", 425_000, nil, []string{"CLAUDE_CODE_AUTO_COMPACT_WINDOW", "500000"},
			"▰▰▰▰▰▰▰▰▰▱▱▱▱▱▱▱▱▱▱▱ 425k/1M · 42k to auto-compact", "42k to auto-compact"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for i := 0; i+1 < len(tt.env); i += 2 {
				f.env[tt.env[i]] = tt.env[i+1]
				defer delete(f.env, tt.env[i])
			}
			in := func() *Input { return f.with(tt.tokens, tt.members) }
			if got := f.render(in(), false, []string{"tokens"}, ""); got != tt.tokensWant {
				t.Errorf("tokens = %q, want %q", got, tt.tokensWant)
			}
			if got := f.render(in(), false, []string{"autoCompact"}, ""); got != tt.compactWant {
				t.Errorf("autoCompact = %q, want %q", got, tt.compactWant)
			}
		})
	}
}

// TestWindowFromUsage: without a window from Claude Code, a transcript
// whose responses went past 200k puts the bar and the compaction point
// in a 1M window, whatever the model id says.
func TestWindowFromUsage(t *testing.T) {
	f := newFixture(t)
	f.transcript = filepath.Join(filepath.Dir(f.transcript), "sid-big.jsonl")
	must(t, os.WriteFile(f.transcript, []byte(`{"type":"assistant","requestId":"r1","timestamp":"2026-11-29T10:00:00Z","message":{"id":"m1","model":"claude-opus-4-6","content":[],"usage":{"input_tokens":6000,"cache_read_input_tokens":240000}}}`+"\n"), 0o600))
	in := f.with(0, map[string]string{"context_window": `{"context_window_size":null,"current_usage":{"input_tokens":6000,"output_tokens":50,"cache_creation_input_tokens":0,"cache_read_input_tokens":240000}}`,
		"model": `{"id":"claude-opus-4-6","display_name":"x"}`})
	if got := f.render(in, false, []string{"tokens"}, ""); !strings.Contains(got, "246k/1M · 721k to auto-compact") {
		t.Errorf("tokens = %q, want 246k of a 1M window, 721k to auto-compact", got)
	}
}

// TestAutoCompactApart: with autoCompact in the layout the bar keeps the
// share of the window and does not repeat the distance; contextPct is
// always the share.
func TestAutoCompactApart(t *testing.T) {
	f := newFixture(t)
	got := f.render(f.input(425_000), false, []string{"tokens", "autoCompact", "contextPct"}, "")
	if want := "▰▰▰▰▰▰▰▰▰▱▱▱▱▱▱▱▱▱▱▱ 425k/1M (43%) · 542k to auto-compact · ctx:43%"; got != want {
		t.Errorf("render = %q, want %q", got, want)
	}
}

// TestAutoCompactUnknownContext: before the first reply (no usage, no
// transcript, no estimate) the bar is empty and autoCompact names the
// point; with only the hooks' estimate the distance is marked as one.
func TestAutoCompactUnknownContext(t *testing.T) {
	f := newFixture(t)
	nothing := f.with(-1, map[string]string{"session_id": `"fresh"`, "transcript_path": fmt.Sprintf("%q", filepath.Join(f.home, "none.jsonl"))})
	if got := f.render(nothing, false, []string{"tokens", "autoCompact"}, ""); got != "▱▱▱▱▱▱▱▱▱▱▱▱▱▱▱▱▱▱▱▱ –/1M · auto-compact at 967k" {
		t.Errorf("no context size: %q", got)
	}
	estimate := f.with(-1, map[string]string{"transcript_path": fmt.Sprintf("%q", filepath.Join(f.home, "none.jsonl"))})
	if got := f.render(estimate, false, []string{"tokens"}, ""); !strings.HasSuffix(got, " ~90k/1M · ~877k to auto-compact") {
		t.Errorf("estimate: %q", got)
	}
}

// TestAutoCompactColour: the distance is part of the zone-coloured cell;
// before a 200k window's point (167k) the zones are 107k, 137k and 157k.
func TestAutoCompactColour(t *testing.T) {
	f := newFixture(t)
	for _, tt := range []struct {
		tokens int64
		style  string
	}{{100_000, green}, {120_000, yellow}, {150_000, orange}, {160_000, red}} {
		in := f.with(tt.tokens, map[string]string{"context_window": fmt.Sprintf(
			`{"context_window_size":200000,"current_usage":{"input_tokens":%d,"cache_read_input_tokens":0,"cache_creation_input_tokens":0}}`, tt.tokens)})
		for _, field := range []string{"tokens", "autoCompact"} {
			got := f.render(in, true, []string{field}, "")
			if !strings.HasPrefix(got, tt.style) || !strings.Contains(got, "to auto-compact\x1b[0m") {
				t.Errorf("%s at %d: %q, want style %q", field, tt.tokens, got, tt.style)
			}
		}
	}
}
