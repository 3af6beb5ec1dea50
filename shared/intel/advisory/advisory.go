// Package advisory writes the grounded zone advisory that PostToolUse
// hands to the model when the context escalates into the orange or red
// zone: the zone, the size and cost of the context, how far Claude Code's
// own auto-compaction is, what the shape tracker observed, the memory
// offload and the review of open follow-ups (asked for here, in a turn
// where the model can still write files, not of the summariser, which
// may call no tool), and how to silence it. It is advice, worded so that
// a mid-flight task is not derailed.
package advisory

import (
	"fmt"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
	"github.com/session-intelligence/session-intelligence/shared/intel/zones"
)

// Input is what an advisory is built from.
type Input struct {
	Zone      zones.Zone
	Tokens    int64
	Estimated bool    // tokens come from the tool-I/O estimate
	Cost      float64 // session cost so far; < 0 when unknown
	CostText  string  // the same as package sessioncost writes it ("~$9.28" for an estimate); "" to write Cost plainly
	Diagnosis string  // shape analysis one-liner, may be empty
	MemoryDir string  // auto-memory directory; empty turns the offload off
	// MemoryFile is this session's deterministic auto-memory file name.
	MemoryFile string
	// AIMemory: the project's instructions use `ai memory`, so the
	// offload goes there instead of to auto-memory.
	AIMemory   bool
	FollowUps  []string // files holding open follow-ups, for the review
	CompactOff bool     // Claude Code's auto-compaction is switched off
	Zones      zones.Set
	Repeat     bool // same zone, fired again after more growth
	Moved      bool // the learned zones changed since the last advisory (learning.announce)
	// CompactHints says the PreCompact hook injects preserve/drop hints.
	CompactHints bool
}

// Compose renders the advisory as plain text (it is model context, so no
// colour codes). The shape diagnosis and the paths quote outside text
// (folder and file names): each is one line for the model
// ([termtext.ModelLine]).
func Compose(in Input) string {
	in.Diagnosis, in.MemoryDir, in.MemoryFile = termtext.ModelLine(in.Diagnosis), termtext.ModelLine(in.MemoryDir), termtext.ModelLine(in.MemoryFile)
	in.FollowUps = termtext.ModelLines(in.FollowUps)
	var b strings.Builder
	b.WriteString(headline(in))
	if in.Diagnosis != "" {
		fmt.Fprintf(&b, "\nObserved: %s.", in.Diagnosis)
	}
	b.WriteString("\n" + action(in.Zone))
	b.WriteString(offload(in))
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
	switch {
	case in.CostText != "":
		cost = ", " + in.CostText + " spent"
	case in.Cost >= 0:
		cost = ", " + humanize.USD(in.Cost) + " spent"
	}
	return fmt.Sprintf("[StrategicCompact] %s — context at %s tokens%s%s. Advisory only — continue if the task needs full context.", title, size, cost, distance(in))
}

// distance says how far Claude Code's auto-compaction is.
func distance(in Input) string {
	if in.CompactOff {
		return "; auto-compaction is off"
	}
	left, ok := in.Zones.ToCompact(in.Tokens)
	switch {
	case !ok:
		return ""
	case left == 0:
		return fmt.Sprintf("; auto-compaction (at %s) is due", humanize.Tokens(in.Zones.Compact))
	}
	return fmt.Sprintf(", %s before auto-compaction (at %s)", humanize.Tokens(left), humanize.Tokens(in.Zones.Compact))
}

// offload asks for the memory offload and the follow-up review now, while
// the model can still write files: the summariser that runs at the
// compaction may call no tool.
func offload(in Input) string {
	var b strings.Builder
	switch {
	case in.AIMemory:
		b.WriteString("\nBefore compacting, while you can still run commands: record with `ai memory note` what this session learned that the memory does not hold yet (decisions and their reasons, what failed, what is still open), one note each. Skip it if there is nothing new.")
	case in.MemoryDir != "":
		file := in.MemoryFile
		if file == "" {
			file = "project_session_<date>_<session>.md"
		}
		fmt.Fprintf(&b, "\nBefore compacting, while you can still write files: save what this session learned to auto-memory, %s/%s (type project: decisions, files touched, follow-ups, anything that took several attempts to find; extend it if it exists), plus a reference_<topic>.md only for a reusable recipe, and list them in MEMORY.md. Skip it if there is nothing new.",
			strings.TrimSuffix(in.MemoryDir, "/"), file)
	}
	if len(in.FollowUps) > 0 {
		fmt.Fprintf(&b, "\nReview the open follow-ups in %s: strike through (~~…~~) the ones this session finished, so the resume after the compaction lists only what is still open.", strings.Join(in.FollowUps, ", "))
	}
	return b.String()
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
