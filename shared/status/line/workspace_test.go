package line

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestConditionalFields: the fields of what Claude Code sends only in
// some sessions render it, and nothing (never an error) when it is
// absent, null or of the wrong type.
func TestConditionalFields(t *testing.T) {
	f := newFixture(t)
	resets := fmt.Sprint(clock.Add(12*24*time.Hour + 4*time.Hour).Unix())
	limits := func(spend string) string {
		return `{"five_hour":{"used_percentage":36},"spend_limit":` + spend + `}`
	}
	tests := []struct {
		field   string
		name    string
		members map[string]string
		want    string
	}{
		{"sessionName", "set", map[string]string{"session_name": `"statusline work"`}, "statusline work"},
		{"sessionName", "absent", nil, ""},
		{"sessionName", "null", map[string]string{"session_name": `null`}, ""},
		{"sessionName", "wrong type", map[string]string{"session_name": `42`}, ""},
		{"sessionName", "escapes dropped", map[string]string{"session_name": `"\u001b[2Jwipe\u0007 it"`}, "wipe it"},
		{"sessionName", "bidi override dropped", map[string]string{"session_name": `"abc\u202edef"`}, "abcdef"},
		{"sessionName", "long", map[string]string{"session_name": `"` + strings.Repeat("long name ", 6) + `"`}, "long name long name long name l…"},

		{"pr", "approved", map[string]string{"pr": `{"number":42,"url":"https://github.com/o/r/pull/42","review_state":"approved"}`}, "PR #42 approved"},
		{"pr", "changes requested", map[string]string{"pr": `{"number":7,"review_state":"changes_requested"}`}, "PR #7 changes requested"},
		{"pr", "GitLab", map[string]string{"pr": `{"number":9,"url":"https://gitlab.com/o/r/-/merge_requests/9","review_state":"draft","kind":"mr"}`}, "MR !9 draft"},
		{"pr", "unknown state left out", map[string]string{"pr": `{"number":42,"review_state":"\u001b]0;x"}`}, "PR #42"},
		{"pr", "no number", map[string]string{"pr": `{"url":"https://github.com/o/r/pull/42"}`}, ""},
		{"pr", "number of the wrong type", map[string]string{"pr": `{"number":"42"}`}, ""},
		{"pr", "number absurd", map[string]string{"pr": `{"number":-3}`}, ""},
		{"pr", "null", map[string]string{"pr": `null`}, ""},
		{"pr", "array", map[string]string{"pr": `[42]`}, ""},

		{"worktree", "name and branch", map[string]string{"worktree": `{"name":"feat-x","path":"/w/feat-x","branch":"feat/x","original_cwd":"/w","original_branch":"main"}`}, "wt:feat-x (feat/x)"},
		{"worktree", "branch is the name", map[string]string{"worktree": `{"name":"feat-x","branch":"feat-x"}`}, "wt:feat-x"},
		{"worktree", "path only", map[string]string{"worktree": `{"path":"/w/hotfix/"}`}, "wt:hotfix"},
		{"worktree", "linked git worktree", map[string]string{"workspace": `{"current_dir":"/w/wt2","git_worktree":"wt2"}`}, "wt:wt2"},
		{"worktree", "wrong types", map[string]string{"worktree": `{"name":1,"path":["/w"],"branch":{}}`}, ""},
		{"worktree", "root path", map[string]string{"worktree": `{"path":"/"}`}, ""},
		{"worktree", "absent", nil, ""},

		{"spendLimit", "in dollars", map[string]string{"rate_limits": limits(`{"used_percentage":62.4,"resets_at":` + resets + `,"used_usd":31.2,"limit_usd":50,"period":"monthly"}`)},
			"spend:62% $31.20/$50/mo r:12d 4hr"},
		{"spendLimit", "share only", map[string]string{"rate_limits": limits(`{"used_percentage":86,"resets_at":` + resets + `}`)}, "spend:86% r:12d 4hr"},
		{"spendLimit", "over the limit", map[string]string{"rate_limits": limits(`{"used_percentage":104}`)}, "spend:104%"},
		{"spendLimit", "dollars only", map[string]string{"rate_limits": limits(`{"used_usd":10,"limit_usd":40,"period":"weekly"}`)}, "spend:25% $10/$40/wk"},
		{"spendLimit", "reset passed", map[string]string{"rate_limits": limits(`{"used_percentage":5,"resets_at":1}`)}, "spend:5%"},
		{"spendLimit", "limit 0", map[string]string{"rate_limits": limits(`{"used_usd":10,"limit_usd":0}`)}, ""},
		{"spendLimit", "wrong types", map[string]string{"rate_limits": limits(`{"used_percentage":"62","used_usd":"31","limit_usd":true}`)}, ""},
		{"spendLimit", "null", map[string]string{"rate_limits": limits(`null`)}, ""},
		{"spendLimit", "absent", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.field+"/"+tt.name, func(t *testing.T) {
			if got := f.render(f.with(425_000, tt.members), false, []string{tt.field}, ""); got != tt.want {
				t.Errorf("%s = %q, want %q", tt.field, got, tt.want)
			}
		})
	}
}

// TestFieldColours: the spend limit escalates like the quotas; a pull
// request is a hyperlink to its page when colours are on, and plain text
// (no escapes at all) when they are off or the address is not a web one.
func TestFieldColours(t *testing.T) {
	f := newFixture(t)
	for pct, style := range map[int]string{10: dim, 60: yellow, 85: orange, 95: red} {
		in := f.with(425_000, map[string]string{"rate_limits": fmt.Sprintf(`{"spend_limit":{"used_percentage":%d}}`, pct)})
		if got := f.render(in, true, []string{"spendLimit"}, ""); !strings.HasPrefix(got, style+"spend:") {
			t.Errorf("spend %d%%: %q, want style %q", pct, got, style)
		}
	}
	pr := `{"number":42,"url":"%s","review_state":"approved"}`
	link := f.render(f.with(425_000, map[string]string{"pr": fmt.Sprintf(pr, "https://github.com/o/r/pull/42")}), true, []string{"pr"}, "")
	if want := "\x1b]8;;https://github.com/o/r/pull/42\x1b\\" + dim + "PR #42 approved" + reset + "\x1b]8;;\x1b\\"; link != want {
		t.Errorf("pr in colour = %q, want %q", link, want)
	}
	for _, url := range []string{"javascript:alert(1)", "https://x y", "https://a\\\\b"} {
		got := f.render(f.with(425_000, map[string]string{"pr": fmt.Sprintf(pr, url)}), true, []string{"pr"}, "")
		if got != dim+"PR #42 approved"+reset {
			t.Errorf("pr with url %q = %q, want no link", url, got)
		}
	}
}

// TestWorktreeBesideBranch: the worktree's branch is left out when the
// branch field beside it already shows it.
func TestWorktreeBesideBranch(t *testing.T) {
	f := newFixture(t)
	in := f.with(425_000, map[string]string{"worktree": `{"name":"v2","branch":"feat/164-statusline-v2"}`})
	if got := f.render(in, false, []string{"branch", "worktree"}, ""); got != "feat/164-statusline-v2 · wt:v2" {
		t.Errorf("branch and worktree = %q", got)
	}
	if got := f.render(in, false, []string{"worktree"}, ""); got != "wt:v2 (feat/164-statusline-v2)" {
		t.Errorf("worktree alone = %q", got)
	}
}
