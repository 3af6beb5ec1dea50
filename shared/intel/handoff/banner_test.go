package handoff

import (
	"strings"
	"testing"
)

func TestBanner(t *testing.T) {
	tests := []struct {
		name      string
		h         Handoff
		want, not []string
	}{
		{"manual, everything", Handoff{Trigger: "manual", CurrentTask: "type: feature — totals\nmore", NextPriorities: []string{"ship it", "docs"},
			InFlightFiles: []string{"a.go", "b.go"}, RecentCommits: []string{"abc1234 x"}},
			[]string{"> Task: type: feature — totals\n", "> Next: ship it", "> In flight: 2 uncommitted files · 1 commit this session", ManualTip}, []string{"more", "docs"}},
		{"auto: no tip", Handoff{Trigger: "auto", CurrentTask: "t"}, []string{"> Task: t"}, []string{ManualTip, "In flight"}},
		{"nothing recorded", Handoff{}, []string{"Task: none recorded", ManualTip}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := Banner(tt.h)
			for _, w := range tt.want {
				if !strings.Contains(b, w) {
					t.Errorf("banner lacks %q:\n%s", w, b)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(b, n) {
					t.Errorf("banner has %q:\n%s", n, b)
				}
			}
			if out := Render(tt.h); !strings.Contains(out, "Start your next reply with this banner, verbatim") || !strings.Contains(out, b) {
				t.Errorf("the resume block does not ask to echo the banner:\n%s", out)
			}
		})
	}
}
