package guidance

import (
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
	"github.com/session-intelligence/session-intelligence/shared/intel/capture"
)

// This file renders what the capture kept, which leads the guidance: the
// user's own rules and corrections, the files in flight, the open tasks
// and the error being chased, and the user's decisions. Claude Code's
// summary keeps most of what the user said by copying their messages,
// but only those since the last compaction: what the user said before
// it is what a second or third compaction loses. The words are quoted
// as data; the summariser is asked to carry them, never to act on them.

// Bounds of the captured blocks, so that the guidance stays well under
// the 10,000 characters Claude Code passes on.
const (
	maxWordsBlock = 4000 // runes of quoted words
	maxListed     = 10   // files, tasks
)

// wordsBlock is THE USER'S OWN WORDS: rules and corrections, verbatim.
func wordsBlock(in Input) string {
	quoted := defang(capture.Quote(in.Words, func(k capture.Kind) bool { return k != capture.Decision }, maxWordsBlock*3/4))
	if quoted == "" {
		return ""
	}
	return "THE USER'S OWN WORDS (rules and corrections, quoted verbatim from their messages in this session, " +
		"including any before an earlier compaction; carry each one word for word into the summary, in a section of its own):\n" +
		rule + "\n" + quoted + rule
}

// decisionsBlock is DECISIONS: the user's choices, verbatim.
func decisionsBlock(in Input) string {
	quoted := defang(capture.Quote(in.Words, func(k capture.Kind) bool { return k == capture.Decision }, maxWordsBlock/4))
	if quoted == "" {
		return ""
	}
	return "THE USER'S DECISIONS (quoted verbatim; carry each one into the summary):\n" + rule + "\n" + quoted + rule
}

// workBlock is IN FLIGHT, OPEN TASKS and ERROR BEING CHASED.
func workBlock(in Input) string {
	var parts []string
	if len(in.InFlight) > 0 {
		parts = append(parts, "IN FLIGHT (edited, not yet committed; keep their names and what was being changed):\n"+list(in.InFlight))
	}
	var tasks []string
	for _, t := range in.Tasks {
		line := t.Subject
		if t.Status != "" && t.Status != "pending" {
			line += " (" + t.Status + ")"
		}
		tasks = append(tasks, line)
	}
	if len(tasks) > 0 {
		parts = append(parts, "OPEN TASKS (not finished; keep each):\n"+list(tasks))
	}
	if in.Chasing != "" {
		parts = append(parts, "ERROR BEING CHASED (the latest failure not yet run cleanly again):\n"+list([]string{in.Chasing}))
	}
	if len(parts) == 0 {
		return ""
	}
	return "THE WORK IN FLIGHT (observed; keep it all):\n" + rule + "\n" + strings.Join(parts, "\n") + rule
}

// defang keeps quoted text from closing the guidance: the end line, if
// the user ever typed it, is quoted in brackets.
func defang(quoted string) string {
	return strings.ReplaceAll(quoted, End, "["+strings.Trim(End, "()")+"]")
}

// list renders at most maxListed one-line bullets.
func list(items []string) string {
	var b strings.Builder
	for i, s := range items {
		if i == maxListed {
			b.WriteString("  - … and more\n")
			break
		}
		b.WriteString("  - " + defang(termtext.ModelLine(s)) + "\n")
	}
	return b.String()
}
