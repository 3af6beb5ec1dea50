package bootstrap

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// Limits of what the auto-fill writes.
const (
	maxKeyFiles = 10
	maxSubject  = 200 // runes of the commit subject kept on the type line
	maxPath     = 400 // longer file names are skipped, not cut
)

// commit is what the auto-fill knows about HEAD.
type commit struct {
	sha, branch, subject string
	files                []string
}

// fillPlan is the auto-fill decision for one session-context.md.
type fillPlan struct {
	task, files section
	needed      bool // a section we may fill is a placeholder or older than HEAD
}

// planFill reads the two sections and decides whether HEAD requires a
// refill. Key Files follow Current Task: once the task is written by
// hand, a file list guessed from the last commit would describe some
// other work, so both are left to their author.
func planFill(data []byte, head string) fillPlan {
	p := fillPlan{task: findSection(data, taskSection), files: findSection(data, filesSection)}
	p.task.classify(taskShape)
	p.files.classify(filesShape)
	if !p.task.found || p.task.dup || p.task.owner == theirs {
		return p
	}
	p.needed = outdated(p.task, head) || p.filesOpen() && outdated(p.files, head)
	return p
}

// filesOpen reports whether Key Files may be filled.
func (p fillPlan) filesOpen() bool {
	return p.files.found && !p.files.dup && p.files.owner != theirs
}

// outdated reports whether a fillable section lacks HEAD's content.
func outdated(s section, head string) bool {
	return s.owner == placeholder || !strings.HasPrefix(head, s.sha)
}

// apply renders the sections for c and splices them into data; every
// byte outside the two sections' content is kept.
func (p fillPlan) apply(data []byte, c commit) (out []byte, filled []string) {
	nl := lineEnding(data)
	edits := []edit{{p.task.lo, p.task.hi, renderTask(c, nl)}}
	filled = append(filled, taskSection)
	if p.filesOpen() {
		edits = append(edits, edit{p.files.lo, p.files.hi, renderFiles(c, nl)})
		filled = append(filled, filesSection)
	}
	return splice(data, edits), filled
}

// taskShape accepts the lines we write under the sentinel of Current Task.
func taskShape(rest []string) bool {
	want := []string{"type: ", "description: derived from the last commit on ", "issue: "}
	if len(rest) != len(want) {
		return false
	}
	for i, l := range rest {
		if !strings.HasPrefix(l, want[i]) {
			return false
		}
	}
	return true
}

// filesShape accepts the lines we write under the sentinel of Key Files.
func filesShape(rest []string) bool {
	if len(rest) > maxKeyFiles {
		return false
	}
	for _, l := range rest {
		if !strings.HasPrefix(l, "- ") {
			return false
		}
	}
	return true
}

// renderTask is the auto-filled Current Task.
func renderTask(c commit, nl string) string {
	where := cut(clean(c.branch), maxSubject)
	if where == "" {
		where = short(c.sha) + " (detached HEAD)"
	}
	subject := cut(clean(c.subject), maxSubject)
	if subject == "" {
		subject = "(no subject)"
	}
	return sentinel(c.sha) + nl +
		"type: " + guessType(c.subject) + " — " + subject + nl +
		"description: derived from the last commit on " + where + nl +
		"issue: " + guessIssue(c.branch, c.subject) + nl
}

// renderFiles is the auto-filled Key Files.
func renderFiles(c commit, nl string) string {
	var b strings.Builder
	b.WriteString(sentinel(c.sha) + nl)
	n := 0
	for _, f := range c.files {
		if f == "" || len(f) > maxPath || strings.ContainsFunc(f, unicode.IsControl) || n == maxKeyFiles {
			continue // a cut or cleaned path would name a file that does not exist
		}
		b.WriteString("- " + f + nl)
		n++
	}
	return b.String()
}

func sentinel(sha string) string { return fmt.Sprintf("<!-- si:autofill sha=%s -->", short(sha)) }

func short(sha string) string { return sha[:min(7, len(sha))] }

// clean makes s safe for one markdown line: control characters are
// dropped, since a newline in a subject could start a fake section.
func clean(s string) string {
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, s))
}

// cut shortens s to limit runes, marking the cut with an ellipsis.
func cut(s string, limit int) string {
	if r := []rune(s); len(r) > limit {
		return string(r[:limit-1]) + "…"
	}
	return s
}

// lineEnding is "\r\n" for a file whose first line ends so, else "\n".
func lineEnding(data []byte) string {
	if i := bytes.IndexByte(data, '\n'); i > 0 && data[i-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}

// edit replaces data[lo:hi] with text.
type edit struct {
	lo, hi int
	text   string
}

// splice applies non-overlapping edits to a copy of data.
func splice(data []byte, edits []edit) []byte {
	slices.SortFunc(edits, func(a, b edit) int { return cmp.Compare(a.lo, b.lo) })
	out := make([]byte, 0, len(data)+512)
	prev := 0
	for _, e := range edits {
		out = append(out, data[prev:e.lo]...)
		if e.lo > 0 && data[e.lo-1] != '\n' {
			out = append(out, '\n') // a heading on the last line, without newline
		}
		out = append(out, e.text...)
		prev = e.hi
	}
	return append(out, data[prev:]...)
}

// typeByPrefix maps conventional-commit types to task types.
var typeByPrefix = map[string]string{
	"feat": "feature", "feature": "feature",
	"fix": "bug-fix", "bugfix": "bug-fix", "hotfix": "bug-fix",
	"docs": "docs", "doc": "docs",
	"refactor": "refactor", "test": "test", "tests": "test",
	"chore": "chore", "perf": "perf", "ci": "ci",
	"release": "deploy", "ship": "deploy", "deploy": "deploy",
}

// guessType reads the task type from a conventional-commit subject
// ("fix(ui)!: …"); anything else counts as a feature.
func guessType(subject string) string {
	i := 0
	for i < len(subject) && (subject[i] >= 'a' && subject[i] <= 'z' || subject[i] >= 'A' && subject[i] <= 'Z') {
		i++
	}
	word, rest := strings.ToLower(subject[:i]), subject[i:]
	if scope, ok := strings.CutPrefix(rest, "("); ok {
		_, rest, _ = strings.Cut(scope, ")")
	}
	rest = strings.TrimPrefix(rest, "!")
	if t, ok := typeByPrefix[word]; ok && strings.HasPrefix(rest, ":") {
		return t
	}
	return "feature"
}

// guessIssue finds an issue number: first a number standing alone
// between separators in the branch ("fix/123-login", "GH-45"), then a
// "#123" in the subject; "none" when neither has one.
func guessIssue(branch, subject string) string {
	for _, tok := range strings.FieldsFunc(branch, func(r rune) bool { return strings.ContainsRune("/-_#", r) }) {
		if digits(tok) {
			return "#" + tok
		}
	}
	for rest := subject; ; {
		_, after, ok := strings.Cut(rest, "#")
		if !ok {
			return "none"
		}
		n := 0
		for n < len(after) && after[n] >= '0' && after[n] <= '9' {
			n++
		}
		if digits(after[:n]) {
			return "#" + after[:n]
		}
		rest = after
	}
}

// digits reports whether s is a plausible issue number.
func digits(s string) bool {
	if s == "" || len(s) > 7 || s[0] == '0' {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
