package notes

import (
	"fmt"
	"strings"
)

// Prompt sizes: a claim is cut to promptClaim characters, and past
// promptBudget characters the remaining notes are counted, not shown.
const (
	promptClaim  = 600
	promptBudget = 60_000
)

// PromptStart opens every prompt of a topic summary.
const PromptStart = "You keep a knowledge base for AI agents: claims filed in a tree of topics."

// topicPrompt asks for topic t's summary from its children.
func topicPrompt(t Topic, ch children) string {
	var s strings.Builder
	fmt.Fprintf(&s, "%s Below are the contents of topic %s: its subtopics with their summaries, then its own notes. Write the topic's summary, so that an agent reading only the tree knows what the topic covers and what it holds.\n", PromptStart, t)
	fmt.Fprintf(&s, "Answer with the summary alone: one paragraph of plain text, at most %d characters, no preamble, no Markdown, no quotes around it. Start with the topic's scope, then its main claims, densely, in the notes' own language. Say where the notes disagree.\n", SummaryChars)
	if len(ch.subs) > 0 {
		s.WriteString("\nSubtopics:\n")
		for _, sub := range ch.subs {
			fmt.Fprintf(&s, "- %s (%d notes): %s\n", sub.Topic, sub.Notes, sub.Text)
		}
	}
	if len(ch.notes) > 0 {
		s.WriteString("\nNotes:\n")
	}
	for i, note := range ch.notes {
		if s.Len() > promptBudget {
			fmt.Fprintf(&s, "(and %d more notes, not shown)\n", len(ch.notes)-i)
			break
		}
		conf := ""
		if note.Confidence != "" {
			conf = "[" + note.Confidence + "] "
		}
		fmt.Fprintf(&s, "- %s%s: %s\n", conf, oneLine(note.Title), clip(oneLine(note.Claim), promptClaim))
	}
	return s.String()
}
