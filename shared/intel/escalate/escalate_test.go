package escalate

import (
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/intel/zones"
)

var names = map[Action]string{Quiet: "-", Rearm: "rearm", Log: "log", Held: "held", Advise: "ADVISE"}

// run steps through calls at the given sizes with zones 100/200/300 and
// returns the actions, "+" marking a repeat.
func run(r Rule, sizes ...int64) string {
	set := zones.Set{Yellow: 100, Orange: 200, Red: 300}
	var st State
	var out []string
	for i, tok := range sizes {
		a, repeat := Step(r, &st, set.Of(tok), tok, i+1)
		s := names[a]
		if repeat {
			s += "+"
		}
		out = append(out, s)
	}
	return strings.Join(out, " ")
}

func TestStep(t *testing.T) {
	on := Rule{Autoblock: true, Threshold: 1}
	tests := []struct {
		name  string
		rule  Rule
		sizes []int64
		want  string
	}{
		{"each escalation once", on, []int64{50, 150, 160, 250, 260, 350, 400}, "- log - ADVISE - ADVISE -"},
		{"straight to red", on, []int64{350}, "ADVISE"},
		{"a fall re-arms", on, []int64{250, 40, 250}, "ADVISE rearm ADVISE"},
		{"a fall within orange is quiet", on, []int64{290, 210}, "ADVISE -"},
		{"held under the threshold, sent after", Rule{Autoblock: true, Threshold: 3}, []int64{250, 260, 270, 280}, "held held ADVISE -"},
		{"autoblock off", Rule{Threshold: 1}, []int64{150, 250, 350}, "log held held"},
		{"yellow never refires", Rule{Autoblock: true, Threshold: 1, RefireEvery: 1}, []int64{100, 199}, "log -"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := run(tt.rule, tt.sizes...); got != tt.want {
				t.Errorf("actions = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestStepRefire: a same-zone advisory is sent again after RefireEvery of
// growth since the last one, and never after less than MinRefire.
func TestStepRefire(t *testing.T) {
	set := zones.Set{Yellow: 100_000, Orange: 200_000, Red: 300_000}
	tests := []struct {
		every int64
		sizes []int64
		want  string
	}{
		{20_000, []int64{200_000, 219_999, 220_000, 239_000, 240_000}, "ADVISE - ADVISE+ - ADVISE+"},
		{1000, []int64{200_000, 204_999, 205_000}, "ADVISE - ADVISE+"},
	}
	for _, tt := range tests {
		r := Rule{Autoblock: true, Threshold: 1, RefireEvery: tt.every}
		var st State
		var got []string
		for _, tok := range tt.sizes {
			a, repeat := Step(r, &st, set.Of(tok), tok, 9)
			got = append(got, names[a]+map[bool]string{true: "+"}[repeat])
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("every %d: actions = %q, want %q", tt.every, strings.Join(got, " "), tt.want)
		}
	}
}

func TestRuleOf(t *testing.T) {
	c := config.Default().Compact
	c.RefireEveryTokens = 7
	if r := RuleOf(c); r != (Rule{Autoblock: c.Autoblock, Threshold: c.Threshold, RefireEvery: 7}) {
		t.Errorf("RuleOf = %+v", r)
	}
}
