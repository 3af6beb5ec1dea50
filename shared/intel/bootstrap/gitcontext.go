package bootstrap

import (
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/gitinfo"
	"github.com/session-intelligence/session-intelligence/shared/intel/sessionctx"
)

// GitContext is what session-context.md would say about the work, made
// from git alone: Current Task from the last commit (as the auto-fill
// writes it) and Key Files from the files changed and not yet committed,
// then the last commit's. The first compaction of a project's first
// session has no session-context.md yet (Claude Code makes the project
// folder late), so the PreCompact hook uses this instead. ok is false
// outside git or before the first commit.
func GitContext(st gitinfo.Status, branch string) (sessionctx.Doc, bool) {
	if st.Head == "" {
		return sessionctx.Doc{}, false
	}
	c := commit{sha: st.Head, branch: branch, subject: st.Subject, files: keyFiles(st)}
	var b strings.Builder
	b.WriteString("## Current Task\n" + renderTask(c, "\n"))
	if len(c.files) > 0 {
		b.WriteString("\n## Key Files\n" + renderFiles(c, "\n"))
	}
	return sessionctx.Parse([]byte(b.String())), true
}

// keyFiles lists the work in flight first (dirty and untracked files),
// then what the last commit touched, each once.
func keyFiles(st gitinfo.Status) []string {
	seen := map[string]bool{}
	var out []string
	for _, f := range append(append([]string{}, st.Files...), st.HeadFiles...) {
		if f != "" && !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	return out
}
