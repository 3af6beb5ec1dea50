package guidance

import (
	"fmt"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
	"github.com/session-intelligence/session-intelligence/shared/intel/shape"
)

// shapeBlock is OBSERVED CONTEXT SHAPE from the shape analysis.
func shapeBlock(in Input) string {
	a := in.Shape
	if a == nil || len(a.Hot)+len(a.Cold) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("OBSERVED CONTEXT SHAPE (auto-generated from tool usage):\n" + rule + "\n")
	if a.Shift != nil && len(a.Shift.From) > 0 && len(a.Shift.To) > 0 {
		fmt.Fprintf(&b, "\nDOMAIN SHIFT DETECTED: %s → %s\n", strings.Join(termtext.ModelLines(a.Shift.From), ", "), strings.Join(termtext.ModelLines(a.Shift.To), ", "))
		if !in.Stable {
			fmt.Fprintf(&b, "(Jaccard overlap %.2f across recent tool calls)\n", a.Shift.Jaccard)
		}
	}
	if len(a.Hot) > 0 {
		b.WriteString("\nPRESERVE (recently active, still in use):\n")
		for _, r := range a.Hot {
			b.WriteString(rootLine(r, in.Stable, ""))
		}
	}
	if len(a.Cold) > 0 {
		head := "\nSAFE TO DROP (untouched for most of the session):\n"
		if !in.Stable && a.StaleTokens >= shape.MinStale {
			head = fmt.Sprintf("\nSAFE TO DROP (untouched for most of the session, ~%s tokens):\n", humanize.Tokens(a.StaleTokens))
		}
		b.WriteString(head)
		for _, r := range a.Cold {
			b.WriteString(rootLine(r, in.Stable, " earlier"))
		}
		b.WriteString("\nKeep only one-line summaries of what happened in the DROP section — the detail is no longer load-bearing.\n")
	}
	if len(a.Markers) > 0 {
		b.WriteString("\nPHASE MARKERS OBSERVED:\n")
		for _, m := range markers(a.Markers, in.Stable) {
			b.WriteString("  - " + m + "\n")
		}
	}
	return b.String() + rule
}

// rootLine lists one root; the stable form is its name alone. Names and
// samples are paths from tool calls: one line each for the model.
func rootLine(r shape.Root, stable bool, when string) string {
	name := termtext.ModelLine(r.Name)
	if stable {
		return "  - " + name + "\n"
	}
	line := fmt.Sprintf("  - %s (%d calls%s)", name, r.Count, when)
	if r.Count == 0 { // a root of files in flight or key files the log does not hold
		line = fmt.Sprintf("  - %s (holds a key file or one in flight)", name)
	}
	if len(r.Samples) > 0 {
		line += " — e.g. " + strings.Join(termtext.ModelLines(r.Samples), ", ")
	}
	return line + "\n"
}

// markers lists phase events; the stable form names each kind once.
func markers(ms []shape.Marker, stable bool) []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range ms {
		if stable {
			if !seen[m.Event] {
				seen[m.Event] = true
				out = append(out, termtext.ModelLine(m.Event))
			}
			continue
		}
		out = append(out, fmt.Sprintf("%s at ~%s tokens", termtext.ModelLine(m.Event), humanize.Tokens(m.Tokens)))
	}
	return out
}
