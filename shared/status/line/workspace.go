package line

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
)

// Longest session and worktree names shown; longer ones end in "…".
const (
	maxNameLength = 32
	maxURLLength  = 512
)

// plain is [termtext.Line], trimmed, for text Claude Code passes through
// from elsewhere: a session title, a branch, a URL. It is cleaned before
// it is measured or cut, and the URL before it goes into a hyperlink.
func plain(s string) string { return strings.TrimSpace(termtext.Line(s)) }

// fieldSessionName is the session's name: the one given with /rename,
// else the title Claude Code made up for it.
func fieldSessionName(r *redraw) cell {
	if name := plain(r.in.SessionName); name != "" {
		return cell{text: truncateEnd(name, maxNameLength)}
	}
	return cell{}
}

// reviewStates words a pull request's review state; an unknown state is
// left out rather than shown raw.
var reviewStates = map[string]string{
	"approved": "approved", "pending": "review pending", "changes_requested": "changes requested", "draft": "draft",
}

// fieldPR is the branch's pull request, "PR #42 approved" (GitLab's
// merge requests "MR !42"), linked to its page with OSC 8 when colours
// are on: a plain-text line stays free of escapes.
func fieldPR(r *redraw) cell {
	pr := r.in.PR
	if pr == nil || !pr.Number.ok || pr.Number.v < 1 || pr.Number.v > 1e9 {
		return cell{}
	}
	n := strconv.FormatInt(int64(pr.Number.v), 10)
	text := "PR #" + n
	if strings.EqualFold(pr.Kind, "mr") {
		text = "MR !" + n
	}
	if st := reviewStates[pr.ReviewState]; st != "" {
		text += " " + st
	}
	url := plain(pr.URL)
	if !r.paint.on || !linkable(url) {
		return cell{text: text}
	}
	return cell{text: "\x1b]8;;" + url + "\x1b\\" + r.paint.paint(text, "") + "\x1b]8;;\x1b\\", raw: true}
}

// linkable accepts a web address with nothing in it that could end the
// OSC 8 sequence early.
func linkable(url string) bool {
	return len(url) <= maxURLLength && (strings.HasPrefix(url, "https://") || strings.HasPrefix(url, "http://")) &&
		!strings.ContainsAny(url, " \\")
}

// fieldWorktree is the worktree the session runs in, "wt:name (branch)"
// (the branch only when it says more than the name and than the branch
// field beside it): Claude Code's --worktree block, else the linked git
// worktree it reports in workspace.
func fieldWorktree(r *redraw) cell {
	name, branch := "", ""
	if w := r.in.Worktree; w != nil {
		name, branch = plain(w.Name), plain(w.Branch)
		if name == "" && plain(w.Path) != "" {
			name = filepath.Base(plain(w.Path))
		}
	}
	if name == "" {
		name = plain(r.in.Workspace.GitWorktree)
	}
	// filepath.Base of a root is "/", or `\` on Windows (of C:\ too).
	if name == "" || name == "." || name == "/" || name == string(filepath.Separator) {
		return cell{}
	}
	text := "wt:" + truncateEnd(name, maxNameLength)
	if branch != "" && branch != name && (branch != r.branch() || !r.shows("branch")) {
		text += " (" + truncateMiddle(branch, r.cfg.MaxBranchLength) + ")"
	}
	return cell{text: text}
}
