package bootstrap

import (
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/gitinfo"
)

func TestGitContext(t *testing.T) {
	st := gitinfo.Status{Head: "0123456789abcdef", Subject: "feat(billing): invoice totals (#42)",
		Files: []string{"src/billing/total.go", "README.md"}, HeadFiles: []string{"src/billing/total.go", "src/billing/tax.go"}}
	doc, ok := GitContext(st, "feat/42-totals")
	if !ok {
		t.Fatal("GitContext = not ok")
	}
	task := strings.Join(doc.Sections["Current Task"], "\n")
	for _, want := range []string{"type: feature — feat(billing): invoice totals (#42)", "feat/42-totals", "issue: #42"} {
		if !strings.Contains(task, want) {
			t.Errorf("Current Task lacks %q:\n%s", want, task)
		}
	}
	files := strings.Join(doc.Sections["Key Files"], "\n")
	if files != "<!-- si:autofill sha=0123456 -->\n- src/billing/total.go\n- README.md\n- src/billing/tax.go" {
		t.Errorf("Key Files =\n%s", files)
	}
	if _, ok := GitContext(gitinfo.Status{}, "main"); ok {
		t.Error("GitContext before the first commit = ok")
	}
}
