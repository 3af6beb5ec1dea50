package memory

import (
	"fmt"
	"strings"
)

// What every fold is asked to keep; shared by both prompts.
const foldRules = `Keep what will still matter months from now: decisions and their reasons, facts about the user, the people and the projects, what worked and what failed, names, numbers, paths and commands. Drop what later lines make obsolete, and small talk.
Answer with the summary alone: one line of plain text, at most %d characters, no preamble, no dates, no Markdown, no quotes around it. Write it densely, in the notes' own language.`

// rawPrompt asks to fold the notes of b into one line.
func rawPrompt(b Block, notes []Note) string {
	var s strings.Builder
	fmt.Fprintf(&s, "You keep the long-term memory of an AI agent. Below are its notes #%s, oldest first, one per line. Fold them into one summary.\n", b)
	fmt.Fprintf(&s, foldRules+"\n\nNotes:\n", SummaryChars)
	for _, n := range notes {
		fmt.Fprintf(&s, "%s\n", noteLine(n, false))
	}
	return s.String()
}

// mergePrompt asks to fold the summaries of b's two halves into one line.
func mergePrompt(b Block, left, right foldRecord) string {
	var s strings.Builder
	fmt.Fprintf(&s, "You keep the long-term memory of an AI agent. Below are the summaries of two consecutive stretches of it, notes #%s then #%s. Merge them into one summary of notes #%s.\n",
		left.Block, right.Block, b)
	fmt.Fprintf(&s, foldRules+"\n\n", SummaryChars)
	fmt.Fprintf(&s, "Earlier:\n%s\n\nLater:\n%s\n", foldLine(left), foldLine(right))
	return s.String()
}
