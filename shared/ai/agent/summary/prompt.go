package summary

import (
	"fmt"
	"math/bits"
	"strings"
	"unicode/utf8"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
)

// Size is what one summary line is asked for.
type Size struct{ Words, Chars int }

// The bounds every line is asked within: 50 to 200 words, at most 512
// characters per 50 words.
const (
	minWords     = 50
	maxWords     = 200
	charsPer50   = 512
	stepChars    = 1500 // one step's text in a prompt
	inputChars   = 400  // one tool call's input
	outputChars  = 600  // one tool call's output
	promptBudget = 60000
)

func sized(words int) Size {
	w := min(max(words, minWords), maxWords)
	return Size{Words: w, Chars: w * charsPer50 / 50}
}

// TurnSize grows with what the turn did: the model's words and its tool
// calls.
func TurnSize(c thread.Content) Size { return sized(minWords + 5*c.Tools + c.Words/20) }

// RangeSize grows with the number of turns a shared line covers.
func RangeSize(turns int) Size { return sized(minWords + 25*(bits.Len(uint(turns))-1)) }

const opening = "You keep the thread of an AI agent named %s: one record of its work across all its Claude Code sessions, read later by the agent itself to pick up where it left off.\n"

const rules = "Keep what will matter later: decisions and their reasons, what was changed, run and found, what failed, what is still open; names, paths, commands and numbers. Leave out pleasantries.\nAnswer with the summary alone: one paragraph of plain text of about %d words and at most %d characters, no preamble, no Markdown, no quotes around it.\n"

// WorkPrompt asks for the summary of a turn's steps.
func WorkPrompt(agent string, c thread.Content, s Size) string {
	var b strings.Builder
	fmt.Fprintf(&b, opening, agent)
	b.WriteString("Below is one turn: the person's message, then the steps the agent took before its final reply (its own text and its tool calls, their output cut). Summarise the work done in these steps.\n")
	fmt.Fprintf(&b, rules, s.Words, s.Chars)
	fmt.Fprintf(&b, "\nMessage:\n%s\n\nSteps:\n", cut(c.Prompt, stepChars))
	b.WriteString(steps(c.Work()))
	return b.String()
}

// TurnPrompt asks for a turn's line, from its message, the work summary
// and the final reply.
func TurnPrompt(agent string, c thread.Content, work string, s Size) string {
	var b strings.Builder
	fmt.Fprintf(&b, opening, agent)
	b.WriteString("Below is one turn: the person's message, a summary of the work the agent did, and its final reply. Write the turn's line in the thread: what was asked, what was done, and what the agent answered, concluded or left open.\n")
	fmt.Fprintf(&b, rules, s.Words, s.Chars)
	if work == "" {
		work = "(none: the agent answered directly)"
	}
	reply := c.FinalReply()
	if reply == "" {
		reply = "(none: the turn ended without one)"
	}
	fmt.Fprintf(&b, "\nMessage:\n%s\n\nWork:\n%s\n\nFinal reply:\n%s\n", cut(c.Prompt, 4*stepChars), work, cut(reply, 4*stepChars))
	return b.String()
}

// RangePrompt asks to merge the lines of two consecutive stretches.
func RangePrompt(agent, first, second, both, left, right string, s Size) string {
	var b strings.Builder
	fmt.Fprintf(&b, opening, agent)
	fmt.Fprintf(&b, "Below are the lines of two consecutive stretches of the thread, turns #%s then #%s, oldest first. Merge them into one line for turns #%s.\n", first, second, both)
	fmt.Fprintf(&b, rules, s.Words, s.Chars)
	fmt.Fprintf(&b, "\nEarlier:\n%s\n\nLater:\n%s\n", left, right)
	return b.String()
}

// steps lists the work items, the middle ones left out past the budget.
func steps(items []thread.Item) string {
	lines := make([]string, len(items))
	total := 0
	for i, it := range items {
		if it.Kind == "text" {
			lines[i] = fmt.Sprintf("[%d] %s", it.N, cut(it.Text, stepChars))
		} else {
			out := cut(strings.Join(strings.Fields(it.Output), " "), outputChars)
			status := "output"
			if it.IsError {
				status = "failed"
			}
			lines[i] = fmt.Sprintf("[%d] %s %s\n    %s: %s", it.N, it.Text, cut(it.Input, inputChars), status, out)
		}
		total += len(lines[i]) + 1
	}
	if total > promptBudget {
		keep := len(lines)
		for keep > 2 && total > promptBudget {
			mid := keep / 2
			total -= len(lines[mid]) + 1
			lines = append(lines[:mid], lines[mid+1:]...)
			keep--
		}
		lines = append(lines[:keep/2], append([]string{fmt.Sprintf("[… %d steps left out …]", len(items)-keep)}, lines[keep/2:]...)...)
	}
	return strings.Join(lines, "\n") + "\n"
}

func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}
