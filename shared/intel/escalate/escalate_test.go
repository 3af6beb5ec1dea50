package escalate

import (
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/intel/zones"
)

var names = map[Action]string{Quiet: "-", Rearm: "rearm", Log: "log", Held: "held", Capped: "capped", Advise: "ADVISE"}

// set has zones 100/200/300 and auto-compaction within reach from 250.
var set = zones.Set{Yellow: 100, Orange: 200, Red: 300, Compact: 280}

// run steps through calls at the given sizes, the i-th being the
// session's i-th call, and returns the actions, "+" marking a repeat. A
// size of 0 is a compaction (the next call counts one more).
func run(r Rule, sizes ...int64) string {
	var st State
	var out []string
	compactions := 0
	for i, tok := range sizes {
		if tok == 0 {
			compactions++
			continue
		}
		a, repeat := Step(r, &st, Call{Zone: set.Of(tok), Tokens: tok, Calls: i + 1, Near: tok >= 250, Compactions: compactions})
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
		{"a compaction re-arms", on, []int64{250, 0, 40, 250}, "ADVISE rearm ADVISE"},
		{"yellow after a compaction", on, []int64{350, 0, 150, 250}, "ADVISE log ADVISE"},
		{"a fall within orange is quiet", on, []int64{290, 210}, "ADVISE -"},
		{"a dip that is no compaction is quiet", on, []int64{210, 190, 210, 150, 310, 290, 310}, "ADVISE - - - ADVISE - -"},
		{"an unreadable transcript re-arms nothing", on, []int64{210}, "ADVISE"},
		{"held under the threshold, sent after", Rule{Autoblock: true, Threshold: 3}, []int64{210, 220, 230, 240}, "held held ADVISE -"},
		{"never held within reach of the point", Rule{Autoblock: true, Threshold: 50}, []int64{210, 249, 250, 260}, "held held ADVISE -"},
		{"red within reach under the threshold", Rule{Autoblock: true, Threshold: 50}, []int64{310}, "ADVISE"},
		{"two between compactions", on, []int64{210, 310, 40, 210, 310, 0, 40, 210, 310}, "ADVISE ADVISE - - - rearm ADVISE ADVISE"},
		{"autoblock off", Rule{Threshold: 1}, []int64{150, 250, 350}, "log held held"},
		{"autoblock off near the point", Rule{Threshold: 50}, []int64{260}, "held"},
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
// growth since the last one, and never after less than MinRefire; a
// repeat counts towards MaxPerCompaction, and one in orange is not sent
// while the red advisory would then find no room.
func TestStepRefire(t *testing.T) {
	set := zones.Set{Yellow: 100_000, Orange: 200_000, Red: 300_000}
	tests := []struct {
		every int64
		sizes []int64
		want  string
	}{
		{20_000, []int64{200_000, 219_999, 220_000, 239_000, 240_000, 300_000}, "ADVISE - capped - capped ADVISE"},
		{20_000, []int64{300_000, 319_999, 320_000, 340_000}, "ADVISE - ADVISE+ capped"},
		{1000, []int64{300_000, 304_999, 305_000}, "ADVISE - ADVISE+"},
	}
	for _, tt := range tests {
		r := Rule{Autoblock: true, Threshold: 1, RefireEvery: tt.every}
		var st State
		var got []string
		for _, tok := range tt.sizes {
			a, repeat := Step(r, &st, Call{Zone: set.Of(tok), Tokens: tok, Calls: 9})
			got = append(got, names[a]+map[bool]string{true: "+"}[repeat])
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("every %d: actions = %q, want %q", tt.every, strings.Join(got, " "), tt.want)
		}
	}
}

// TestStepCompactions: a compaction the transcript shows re-arms, even
// when the hook saw no call between it and the next escalation; a
// transcript that could not be read (-1) re-arms nothing.
func TestStepCompactions(t *testing.T) {
	r := Rule{Autoblock: true, Threshold: 1}
	var st State
	var got []string
	for _, c := range []Call{
		{Zone: zones.Orange, Tokens: 210, Calls: 1},
		{Zone: zones.Red, Tokens: 310, Calls: 2},
		{Zone: zones.Red, Tokens: 320, Calls: 3, Compactions: 1},
		{Zone: zones.Red, Tokens: 330, Calls: 4, Compactions: -1},
		{Zone: zones.Green, Tokens: 30, Calls: 5, Compactions: 2},
		{Zone: zones.Orange, Tokens: 210, Calls: 6, Compactions: -1},
	} {
		a, _ := Step(r, &st, c)
		got = append(got, names[a])
	}
	if want := "ADVISE ADVISE ADVISE - rearm ADVISE"; strings.Join(got, " ") != want {
		t.Errorf("actions = %q, want %q", strings.Join(got, " "), want)
	}
}

func TestRuleOf(t *testing.T) {
	c := config.Default().Compact
	c.RefireEveryTokens = 7
	if r := RuleOf(c); r != (Rule{Autoblock: c.Autoblock, Threshold: c.Threshold, RefireEvery: 7}) {
		t.Errorf("RuleOf = %+v", r)
	}
}

func TestEstimate(t *testing.T) {
	if got := Estimate([]byte(`{"a":1}`), make([]byte, 4001)); got != 100+2+1001 {
		t.Errorf("Estimate = %d, want 1103", got)
	}
}

func TestBatch(t *testing.T) {
	image := `{"type":"image","source":{"type":"base64","data":"` + strings.Repeat("A", 400_000) + `"}}`
	tests := []struct {
		name  string
		calls []Sent
		want  int64
	}{
		{"none", nil, 0},
		{"a string", []Sent{{Input: []byte(`{"command":"ls"}`), Result: []byte(`"` + strings.Repeat("x", 4000) + `"`)}}, 100 + 4 + 1000},
		{"escapes count once", []Sent{{Result: []byte(`"a\nb\tc"`)}}, 100 + 2},
		{"blocks: text and an image", []Sent{{Result: []byte(`[{"type":"text","text":"` + strings.Repeat("y", 400) + `"},` + image + `]`)}}, 100 + 100 + 1600},
		{"two calls", []Sent{{Result: []byte(`"abcd"`)}, {Result: []byte(`"efgh"`)}}, 2 * 101},
		{"not JSON: its bytes", []Sent{{Result: []byte(`{"x":1`)}}, 100 + 2},
	}
	for _, tt := range tests {
		if got := Batch(tt.calls); got != tt.want {
			t.Errorf("%s: Batch = %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestPromptMay(t *testing.T) {
	tests := []struct {
		zone  zones.Zone
		extra int64
		want  bool
	}{
		{zones.Green, 100, false},
		{zones.Green, BigPrompt, true},
		{zones.Yellow, 1, true},
		{zones.Red, 1, true},
	}
	for _, tt := range tests {
		if got := PromptMay(tt.zone, tt.extra); got != tt.want {
			t.Errorf("PromptMay(%s, %d) = %v, want %v", tt.zone, tt.extra, got, tt.want)
		}
	}
}
