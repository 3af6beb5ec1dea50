// Package advisory writes the grounded zone advisory that PostToolUse
// hands to the model when the context escalates into the orange or red
// zone: the zone, the size and cost of the context, what the shape
// tracker observed, an optional memory-offload hint, and how to silence
// it. It is advice, worded so that a mid-flight task is not derailed.
package advisory

import (
	"fmt"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
	"github.com/session-intelligence/session-intelligence/shared/intel/zones"
)

// Input is what an advisory is built from.
type Input struct {
	Zone      zones.Zone
	Tokens    int64
	Estimated bool    // tokens come from the tool-I/O estimate
	Cost      float64 // session cost so far; < 0 when unknown
	Diagnosis string  // shape analysis one-liner, may be empty
	MemoryDir string  // auto-memory directory; empty turns the hint off
	Zones     zones.Set
	Repeat    bool // same zone, fired again after more growth
	Moved     bool // the learned zones changed since the last advisory (learning.announce)
	// CompactHints says the PreCompact hook injects preserve/drop hints.
	CompactHints bool
}

// Compose renders the advisory as plain text (it is model context, so no
// colour codes).
func Compose(in Input) string {
	var b strings.Builder
	b.WriteString(headline(in))
	if in.Diagnosis != "" {
		fmt.Fprintf(&b, "\nObserved: %s.", in.Diagnosis)
	}
	b.WriteString("\n" + action(in.Zone))
	if in.MemoryDir != "" {
		fmt.Fprintf(&b, "\nOptional: offload rich detail to auto-memory at %s/ (project_session_*.md / reference_*.md + MEMORY.md index) before compacting.", strings.TrimSuffix(in.MemoryDir, "/"))
	}
	if in.CompactHints {
		b.WriteString("\nWhen you do compact, `/compact` auto-injects preserve/drop hints from observed tool usage; free-text hints still work.")
	}
	if in.Zones.Adaptive {
		verb := "adapted to"
		if in.Moved {
			verb = "re-learned from"
		}
		fmt.Fprintf(&b, "\n(Zones %s your history: orange=%s, red=%s, %d past compacts.)",
			verb, humanize.Tokens(in.Zones.Orange), humanize.Tokens(in.Zones.Red), in.Zones.Samples)
		if in.Zones.CostTightened {
			b.WriteString("\n(Orange pulled in: this session costs more than three quarters of past ones did at compaction.)")
		}
	}
	b.WriteString("\nSilence this feedback with CLAUDE_COMPACT_AUTOBLOCK=0 or compact.autoblock=false in ~/.claude/session-intelligence.json.")
	return b.String()
}

func headline(in Input) string {
	title := in.Zone.Title()
	if in.Repeat {
		title += " (still)"
	}
	size := humanize.Tokens(in.Tokens)
	if in.Estimated {
		size = "~" + size + " (estimated)"
	} else {
		size = "~" + size
	}
	cost := ""
	if in.Cost >= 0 {
		cost = ", " + humanize.USD(in.Cost) + " spent"
	}
	return fmt.Sprintf("[StrategicCompact] %s — context at %s tokens%s. Advisory only — continue if the task needs full context.", title, size, cost)
}

// action is the zone's recommendation.
func action(z zones.Zone) string {
	switch z {
	case zones.Red:
		return "Urgent: output quality degrades from here; compact at the next natural pause (finish the current edit first)."
	case zones.Orange:
		return "Context rot zone: compact between steps, before starting the next task."
	}
	return "A good time to /compact after the current task."
}
