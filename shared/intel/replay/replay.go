// Package replay runs a recorded session transcript through the plugin's
// pipeline after the fact: every tool call of the main chain becomes the
// shape entry PostToolUse would have logged at that context size, the
// zone advisories are decided by the same rule as the live hook, and at
// every compaction the PRESERVE/WARM/DROP bands are computed as the
// PreCompact hook computes them and the regret window that follows is
// observed. The report says what would have been advised and when, what
// each compaction would have been told, and how often the session
// reached back for what we would have dropped.
package replay

import (
	"fmt"
	"io"
	"math"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/intel/regret"
	"github.com/session-intelligence/session-intelligence/shared/intel/shape"
)

// Report is the replay of one transcript.
type Report struct {
	Path        string       `json:"path"`
	SessionID   string       `json:"sessionId"`
	Cwd         string       `json:"cwd"`
	Advisories  []Advisory   `json:"advisories"`
	Compactions []Compaction `json:"compactions"`
	Totals      Totals       `json:"totals"`
}

// Advisory is a zone escalation the PostToolUse hook would have acted on.
type Advisory struct {
	Call      int    `json:"call"` // 1-based index of the tool call
	T         int64  `json:"t"`    // unix seconds
	Tokens    int64  `json:"tokens"`
	Zone      string `json:"zone"`
	Delivered bool   `json:"delivered"` // reached the model (orange, red); yellow is only logged
	Repeat    bool   `json:"repeat,omitempty"`
	Diagnosis string `json:"diagnosis,omitempty"` // the advisory's Observed line
}

// Compaction is one compact_boundary and what PreCompact would have said.
type Compaction struct {
	AfterCall   int          `json:"afterCall"` // tool calls before it
	T           int64        `json:"t"`
	Trigger     string       `json:"trigger"`
	PreTokens   int64        `json:"preTokens"`
	Rooted      int          `json:"rooted"` // rooted entries in the analysed shape log
	Hot         []string     `json:"hot"`
	Warm        []string     `json:"warm"`
	Cold        []string     `json:"cold"`
	Shift       *shape.Shift `json:"shift,omitempty"`
	StaleTokens int64        `json:"staleTokens"`
	Regret      Outcome      `json:"regret"`
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
	RootedCalls int `json:"rootedCalls"` // calls that named a path
	Compactions int `json:"compactions"`
	Advisories  int `json:"advisories"` // delivered to the model
	// HardRegretRate is the share of compactions whose window touched a
	// dropped directory at least once.
	HardRegretRate float64 `json:"hardRegretRate"`
	// MeanHardRegret is the mean weighted hard regret per compaction.
	MeanHardRegret float64 `json:"meanHardRegret"`
	// MeanContinuation is the mean continuation quality over compactions
	// whose window had a positive or hard hit; nil when none had.
	MeanContinuation *float64 `json:"meanContinuation,omitempty"`
}

// Run replays the transcript at path with cfg.
func Run(path string, cfg config.Config) (Report, error) {
	f, _, err := fsutil.OpenRegular(path)
	if err != nil {
		return Report{}, fmt.Errorf("replay: %w", err)
	}
	defer f.Close()
	rep, err := Replay(f, cfg)
	rep.Path = path
	if err != nil {
		return rep, fmt.Errorf("replay %s: %w", path, err)
	}
	return rep, nil
}

// Replay replays a transcript read from r, in file order.
func Replay(r io.Reader, cfg config.Config) (Report, error) {
	p := newPlayer(cfg)
	err := records(r, func(rec *record) {
		switch {
		case rec.IsSidechain:
		case rec.Type == "assistant":
			p.response(rec)
		case rec.Type == "system" && rec.Subtype == "compact_boundary":
			p.boundary(rec)
		}
	})
	return p.finish(), err
}

// finish closes the open window (the transcript ended inside it) and
// sums the report up.
func (p *player) finish() Report {
	p.closeWindow("end")
	r := p.rep
	if r.Advisories == nil {
		r.Advisories = []Advisory{}
	}
	if r.Compactions == nil {
		r.Compactions = []Compaction{}
	}
	r.Totals.ToolCalls, r.Totals.Compactions = p.calls, len(r.Compactions)
	regretted, weight, quality, rated := 0, 0.0, 0.0, 0
	for _, c := range r.Compactions {
		if len(c.Regret.Hard) > 0 {
			regretted++
		}
		weight += c.Regret.HardWeight
		if q := c.Regret.ContinuationQuality; q != nil {
			quality += *q
			rated++
		}
	}
	for _, a := range r.Advisories {
		if a.Delivered {
			r.Totals.Advisories++
		}
	}
	if n := len(r.Compactions); n > 0 {
		r.Totals.HardRegretRate = round2(float64(regretted) / float64(n))
		r.Totals.MeanHardRegret = round2(weight / float64(n))
	}
	if rated > 0 {
		q := round2(quality / float64(rated))
		r.Totals.MeanContinuation = &q
	}
	return r
}

func round2(f float64) float64 { return math.Round(f*100) / 100 }
