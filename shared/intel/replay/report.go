package replay

import (
	"github.com/session-intelligence/session-intelligence/shared/intel/regret"
	"github.com/session-intelligence/session-intelligence/shared/intel/shape"
	"github.com/session-intelligence/session-intelligence/shared/intel/zones"
)

// Report is the replay of one transcript.
type Report struct {
	Path        string       `json:"path"`
	SessionID   string       `json:"sessionId"`
	Cwd         string       `json:"cwd"`
	Point       Point        `json:"point"` // in force at the first call (each compaction has its own)
	Advisories  []Advisory   `json:"advisories"`
	Compactions []Compaction `json:"compactions"`
	Totals      Totals       `json:"totals"`
}

// Point is where the replay placed Claude Code's auto-compaction, from
// what, and the zones in force around it.
type Point struct {
	Window int64 `json:"window"`
	// WindowFrom is what gave the window: context-window (the flag),
	// usage (a response past 200k: a 1M window, whatever the model id
	// says), model (the model id the session recorded), observed (an
	// earlier automatic compaction well past a 200k window's point) or
	// default (nothing: a 200k guess).
	WindowFrom string    `json:"windowFrom"`
	Model      string    `json:"model,omitempty"` // the session's latest model
	Peak       int64     `json:"peak"`            // the largest context a response of the transcript reported
	AutoWindow int64     `json:"autoWindow"`      // what auto-compaction counts against
	AutoFrom   string    `json:"autoFrom,omitempty"`
	Threshold  int64     `json:"threshold"` // where it fires; 0 when off
	Off        bool      `json:"off,omitempty"`
	Zones      zones.Set `json:"zones"`
}

// Advisory is a zone escalation the PostToolUse hook would have acted on.
type Advisory struct {
	Call      int    `json:"call"` // 1-based index of the tool call
	T         int64  `json:"t"`    // unix seconds
	Tokens    int64  `json:"tokens"`
	Zone      string `json:"zone"`
	Delivered bool   `json:"delivered"` // reached the model (orange, red); yellow is only logged
	Repeat    bool   `json:"repeat,omitempty"`
	// ToCompact is how far auto-compaction was, as the advisory says it;
	// absent when the point is off or unknown.
	ToCompact *int64 `json:"toCompact,omitempty"`
	Diagnosis string `json:"diagnosis,omitempty"` // the advisory's Observed line
}

// Compaction is one compact_boundary and what PreCompact would have said.
type Compaction struct {
	AfterCall int    `json:"afterCall"` // tool calls before it
	T         int64  `json:"t"`
	Trigger   string `json:"trigger"`
	PreTokens int64  `json:"preTokens"`
	Point     Point  `json:"point"` // in force just before it
	// Before lists the advisories since the previous compaction (logged
	// and delivered); Lead is how many tokens before this one the first
	// delivered advisory came (PreTokens − its tokens), absent when none
	// reached the model.
	Before      []Advisory   `json:"advisoriesBefore"`
	Lead        *int64       `json:"leadTokens,omitempty"`
	Rooted      int          `json:"rooted"` // rooted entries in the analysed shape log
	Hot         []string     `json:"hot"`    // every root of each band, as the history entry holds them
	Warm        []string     `json:"warm"`
	Cold        []string     `json:"cold"`
	Drop        []string     `json:"drop"`     // the SAFE TO DROP roots the guidance would have listed
	Revisits    []Revisit    `json:"revisits"` // those of Drop the rest of the session touched again
	Shift       *shape.Shift `json:"shift,omitempty"`
	StaleTokens int64        `json:"staleTokens"`
	Regret      Outcome      `json:"regret"`
	Folders     Folders      `json:"folders"` // the roots touched after it, against the summary and the bands
	// Captured lists the user's rules, corrections and decisions the
	// capture held, each judged against the summary recorded after the
	// compaction (Summarised is false when there was none).
	Captured   []Captured `json:"captured"`
	Summarised bool       `json:"summarised"`
}

// Revisit is the first touch of a dropped root after the compaction.
type Revisit struct {
	Root  string `json:"root"`
	Call  int    `json:"call"`  // 1-based index of the tool call
	After int    `json:"after"` // calls after the compaction
	Tool  string `json:"tool"`
}

// Outcome is what the regret window after a compaction saw, with the
// weighted figures as they are stamped on the history entry.
type Outcome struct {
	Calls               int          `json:"calls"`    // tool calls observed
	ClosedBy            string       `json:"closedBy"` // calls, time, compaction or end (transcript ended first)
	Hard                []regret.Hit `json:"hard"`
	Soft                []regret.Hit `json:"soft"`
	Positive            []regret.Hit `json:"positive"`
	HardWeight          float64      `json:"hardWeight"`
	SoftWeight          float64      `json:"softWeight"`
	PositiveWeight      float64      `json:"positiveWeight"`
	ContinuationQuality *float64     `json:"continuationQuality,omitempty"`
}

// Totals sums up a replay.
type Totals struct {
	ToolCalls   int `json:"toolCalls"`
	RootedCalls int `json:"rootedCalls"` // calls that mapped to a root
	// RootedShare is RootedCalls / ToolCalls (0 without calls).
	RootedShare float64 `json:"rootedShare"`
	Compactions int     `json:"compactions"`
	Auto        int     `json:"autoCompactions"`
	Advisories  int     `json:"advisories"` // delivered to the model
	// Warned and AutoWarned count the compactions (all, automatic) that
	// a delivered advisory came before; MedianLead is the median of their
	// leads.
	Warned     int    `json:"warnedCompactions"`
	AutoWarned int    `json:"warnedAutoCompactions"`
	MedianLead *int64 `json:"medianLeadTokens,omitempty"`
	// DropRoots sums the DROP lists; Revisited counts those touched again
	// later in the session, RevisitedInWindow those touched again within
	// the regret window (hard regret).
	DropRoots         int `json:"dropRoots"`
	Revisited         int `json:"revisited"`
	RevisitedInWindow int `json:"revisitedInWindow"`
	// HardRegretRate is the share of compactions whose window touched a
	// dropped directory at least once.
	HardRegretRate float64 `json:"hardRegretRate"`
	// MeanHardRegret is the mean weighted hard regret per compaction.
	MeanHardRegret float64 `json:"meanHardRegret"`
	// MeanContinuation is the mean continuation quality over compactions
	// whose window had a positive or hard hit; nil when none had.
	MeanContinuation *float64 `json:"meanContinuation,omitempty"`
	// Folders sums the compactions' folder measures.
	Folders FolderTotals `json:"folders"`
	// Captured sums the user's instructions held at each compaction, and
	// what the recorded summaries did with them; the lost ones are what
	// the hooks give back to the model after the compaction.
	Captured          int `json:"captured"`
	CapturedVerbatim  int `json:"capturedVerbatim"`
	CapturedSubstance int `json:"capturedSubstance"`
	CapturedLost      int `json:"capturedLost"`
	// Warnings are the outcome measures of the advisories.
	Warnings Warnings `json:"warnings"`
}
