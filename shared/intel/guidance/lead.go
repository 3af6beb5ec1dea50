package guidance

import (
	"fmt"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
	"github.com/session-intelligence/session-intelligence/shared/intel/shape"
)

// lead is the guidance's first line, for the person who typed /compact.
// Claude Code 2.1.332 shows a PreCompact hook's whole output on the
// screen after a manual /compact ("PreCompact [command] completed
// successfully: …") and hands the very same text to the summariser as
// its instructions: no field of the hook's output reaches only one of
// them. So the text opens with what a user wants to read, what the
// summary is asked to keep and to cut, and the blocks the model needs
// follow. "" when there is nothing to name. It holds no token figures,
// so a stable prefix stays stable.
func lead(in Input) string {
	var keep []string
	if n := len(in.Words); n > 0 {
		keep = append(keep, plural(n, "rule or decision you typed", "rules and decisions you typed")+", word for word")
	}
	if n := len(in.InFlight); n > 0 {
		keep = append(keep, plural(n, "file in flight", "files in flight"))
	}
	var hot, cold []shape.Root
	if in.Shape != nil {
		hot, cold = in.Shape.Hot, in.Shape.Cold
	}
	if len(hot) > 0 {
		keep = append(keep, "the work in "+names(hot))
	}
	if len(keep) == 0 && len(cold) == 0 {
		return ""
	}
	var parts []string
	if len(keep) > 0 {
		parts = append(parts, "keeps "+strings.Join(keep, "; "))
	}
	if len(cold) > 0 {
		parts = append(parts, "cuts what happened in "+names(cold)+" to a line each")
	}
	s := "In short: the summary " + strings.Join(parts, " and ")
	return s + ". The details follow, for the summariser."
}

// names lists up to three roots' names, and how many more.
func names(roots []shape.Root) string {
	var out []string
	for i, r := range roots {
		if i == 3 {
			out = append(out, fmt.Sprintf("%d more", len(roots)-3))
			break
		}
		out = append(out, termtext.ModelLine(r.Name))
	}
	return strings.Join(out, ", ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
