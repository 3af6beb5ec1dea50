package advisory

import (
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/intel/zones"
)

func TestNotice(t *testing.T) {
	set := zones.Set{Yellow: 107_000, Orange: 137_000, Red: 157_000, Compact: 167_000}
	tests := []struct {
		in   Input
		want string
	}{
		{Input{Zone: zones.Orange, Tokens: 140_000, Zones: set},
			"session-intelligence: Drift zone — context at ~140k tokens, 27k before auto-compaction (at 167k); compact at a natural pause (/compact)."},
		{Input{Zone: zones.Red, Tokens: 160_000, Estimated: true, Zones: set},
			"session-intelligence: High-risk zone — context at ~160k (estimated) tokens, 7k before auto-compaction (at 167k); compact now, at the end of this step (/compact)."},
		{Input{Zone: zones.Orange, Tokens: 310_000, CompactOff: true, Zones: zones.Set{Orange: 300_000}},
			"session-intelligence: Drift zone — context at ~310k tokens; auto-compaction is off; compact at a natural pause (/compact)."},
	}
	for _, tt := range tests {
		if got := Notice(tt.in); got != tt.want {
			t.Errorf("Notice = %q\nwant     %q", got, tt.want)
		}
	}
}

func TestTerminal(t *testing.T) {
	tests := []struct{ kind, text, want string }{
		{"osc9", "Drift zone", "\x1b]9;Drift zone\x07"},
		{"osc777", "Drift zone", "\x1b]777;notify;Claude Code;Drift zone\x07"},
		{"osc777", "a;b", "\x1b]777;notify;Claude Code;a,b\x07"},
		{"osc9", "bell\x07 esc\x1b]0;title\x07 end", "\x1b]9;bell esc end\x07"},
		{"off", "x", ""},
		{"", "x", ""},
	}
	for _, tt := range tests {
		if got := Terminal(tt.kind, tt.text); got != tt.want {
			t.Errorf("Terminal(%q, %q) = %q, want %q", tt.kind, tt.text, got, tt.want)
		}
		if got := Terminal(tt.kind, tt.text); strings.Count(got, "\x07") > 1 || strings.Count(got, "\x1b") > 1 {
			t.Errorf("Terminal(%q, %q) = %q holds more than one sequence", tt.kind, tt.text, got)
		}
	}
}
