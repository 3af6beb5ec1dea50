package handoff

import (
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// plainHandoff is Handoff without its MarshalJSON.
type plainHandoff Handoff

func TestIndentedWritesWhatMarshalIndentWrote(t *testing.T) {
	for _, h := range []Handoff{
		{},
		{T: 1, SessionID: "s", Cwd: "/p", Trigger: "auto", CurrentTask: "fix <the> \"bug\"", TaskAgeHours: 1.5,
			KeyFiles: []string{"a.go"}, NextPriorities: []string{"b", "c"}, InFlightFiles: []string{"d"},
			RecentCommits: []string{"abc fix"}, HotDirs: []string{"src"}, DroppedDirs: []string{"docs"}},
		{CurrentTask: "x", KeyFiles: []string{}},
	} {
		got, err := indented(h)
		want, werr := jsonx.MarshalIndent(plainHandoff(h), "", "  ")
		if err != nil || werr != nil || string(got) != string(want) {
			t.Errorf("indented(%+v) = %s, %v; want %s, %v", h, got, err, want, werr)
		}
	}
}
