package guidance

import (
	"strings"
	"testing"
)

func TestAILBlock(t *testing.T) {
	tests := []struct {
		name string
		in   Input
		want bool
	}{
		{"off by default", Input{FollowUps: []string{"ship it"}}, false},
		{"on alone", Input{AIL: true}, true},
		{"on with other blocks", Input{AIL: true, FollowUps: []string{"ship it"}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := Compose(tt.in)
			if got := strings.Contains(out, "HAND-OFF SNAPSHOT (AILv1)"); got != tt.want {
				t.Fatalf("AILv1 block present = %v, want %v:\n%s", got, tt.want, out)
			}
			if tt.want && !strings.HasSuffix(out, End+"\n") {
				t.Errorf("guidance does not end with its end marker:\n%s", out)
			}
			if out != Compose(tt.in) {
				t.Errorf("two renders of the same input differ")
			}
		})
	}
}
