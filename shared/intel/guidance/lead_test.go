package guidance

import (
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/intel/capture"
	"github.com/session-intelligence/session-intelligence/shared/intel/shape"
)

// TestLead: the guidance opens, under its title, with one line a person
// reads after /compact (Claude Code shows the whole text on the screen
// and gives the same to the summariser): what the summary keeps and
// cuts; none when there is nothing to name. Outside names come clean.
func TestLead(t *testing.T) {
	roots := func(names ...string) []shape.Root {
		var out []shape.Root
		for _, n := range names {
			out = append(out, shape.Root{Name: n})
		}
		return out
	}
	rule := capture.Item{Kind: capture.Rule, Text: "never push to main"}
	tests := []struct {
		name string
		in   Input
		want string
	}{
		{"everything", Input{Words: []capture.Item{rule, rule}, InFlight: []string{"a.go"}, Shape: &shape.Analysis{Hot: roots("src/auth", "src/billing"), Cold: roots("legacy")}},
			"In short: the summary keeps 2 rules and decisions you typed, word for word; 1 file in flight; the work in src/auth, src/billing and cuts what happened in legacy to a line each. The details follow, for the summariser."},
		{"only cold", Input{Shape: &shape.Analysis{Cold: roots("a", "b", "c", "d", "e")}},
			"In short: the summary cuts what happened in a, b, c, 2 more to a line each. The details follow, for the summariser."},
		{"a hostile name", Input{Shape: &shape.Analysis{Hot: roots("src/\x1b[31mred\u202e")}},
			"In short: the summary keeps the work in src/red. The details follow, for the summariser."},
		{"nothing", Input{FollowUps: []string{"x"}}, ""},
	}
	for _, tt := range tests {
		if got := lead(tt.in); got != tt.want {
			t.Errorf("%s: lead =\n%q\nwant\n%q", tt.name, got, tt.want)
		}
	}
	in := tests[0].in
	in.Stable = true
	if g := Compose(in); !strings.HasPrefix(g, "# Session Intelligence — compaction guidance\nIn short: the summary keeps 2 rules") {
		t.Errorf("the guidance does not open with the line:\n%.400s", g)
	}
}
