package handoff

import (
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/ail"
)

func TestRenderAIL(t *testing.T) {
	tests := []struct {
		name     string
		h        Handoff
		want     []string
		wantNot  []string
		markdown bool // the fallback block instead of AILv1
	}{
		{
			name: "every field",
			h: Handoff{CurrentTask: "fix the  login\nredirect", KeyFiles: []string{"src/auth/a.go", "src/auth/b.go"},
				NextPriorities: []string{"add a test", "ship it"}, InFlightFiles: []string{"go.mod"},
				RecentCommits: []string{"auth: keep the return URL"}, HotDirs: []string{"src/auth"}, DroppedDirs: []string{"legacy"}},
			want: []string{"!AILv1\n", "@CTX current task: fix the login redirect\n", "@CTX key files: src/auth/a.go, src/auth/b.go\n",
				"@CTX uncommitted: go.mod\n", "@CTX committed: auth: keep the return URL\n", "@CTX active dirs: src/auth\n",
				"@CTX dropped from context: legacy\n", "@NEXT ?add_a_test ?ship_it\n"},
		},
		{
			name:    "secrets redacted",
			h:       Handoff{CurrentTask: "rotate ghp_0123456789abcdefghijABCDEFGHIJ0123456789 today"},
			wantNot: []string{"ghp_0123456789abcdefghij"},
			want:    []string{"@CTX current task: rotate "},
		},
		{
			name:    "only priorities",
			h:       Handoff{NextPriorities: []string{"review the diff"}},
			want:    []string{"@NEXT ?review_the_diff\n"},
			wantNot: []string{"@CTX"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := RenderAIL(tt.h)
			if !strings.Contains(out, "SESSION RESUME in AILv1") {
				t.Fatalf("not the AILv1 block:\n%s", out)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("lacks %q:\n%s", w, out)
				}
			}
			for _, w := range tt.wantNot {
				if strings.Contains(out, w) {
					t.Errorf("holds %q:\n%s", w, out)
				}
			}
			snap := between(t, out)
			if _, err := ail.ParseString(snap, ail.Limits{}); err != nil {
				t.Errorf("snapshot does not parse: %v\n%s", err, snap)
			}
			if !strings.HasSuffix(out, continueText) {
				t.Errorf("the instruction is not last:\n%s", out)
			}
		})
	}
}

// A state the encoder refuses (here a line over the decoder's limit)
// still resumes, in Markdown.
func TestRenderAILFallsBack(t *testing.T) {
	h := Handoff{CurrentTask: strings.Repeat("x", 20<<20)}
	out := RenderAIL(h)
	if strings.Contains(out, "in AILv1") || !strings.Contains(out, "Current task: x") {
		t.Errorf("no Markdown fallback: %.200s", out)
	}
}

func between(t *testing.T, out string) string {
	t.Helper()
	const begin, end = "----- BEGIN RECORDED STATE -----\n", "----- END RECORDED STATE -----"
	b, e := strings.Index(out, begin), strings.Index(out, end)
	if b < 0 || e < b {
		t.Fatalf("no markers:\n%s", out)
	}
	return out[b+len(begin) : e]
}
