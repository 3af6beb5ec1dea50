package replay

import (
	"fmt"
	"math"

	"github.com/session-intelligence/session-intelligence/shared/intel/escalate"
)

// The measures of the warnings, as outcome-measures.md defines them.
//
// An automatic compaction is warned in time when an advisory reached
// the model at least InTimeLead tokens before its preTokens, since the
// previous compaction; a compaction is over-advised when more than
// escalate.MaxPerCompaction advisories reached the model before it; the
// nuisance is the advisories per 100 tool calls in the stretch of a
// session that ends without an automatic compaction (after the last one,
// or the whole session when it has none).
const InTimeLead = 10_000

// Warnings are those measures over one replay or many.
type Warnings struct {
	InTime          int     `json:"inTime"`          // automatic compactions warned in time
	OverAdvised     int     `json:"overAdvised"`     // compactions with more than two advisories before them
	QuietCalls      int     `json:"quietCalls"`      // tool calls in stretches without an automatic compaction
	QuietAdvisories int     `json:"quietAdvisories"` // advisories delivered in them
	Nuisance        float64 `json:"nuisance"`        // QuietAdvisories per 100 QuietCalls
	// BeforeManual counts the QuietAdvisories a manual compaction came
	// after: the user compacted, which is what they ask for.
	BeforeManual int `json:"beforeManual"`
}

// inTime reports whether an advisory came in time before c.
func inTime(c Compaction) bool {
	for _, a := range c.Before {
		if a.Delivered && c.PreTokens-a.Tokens >= InTimeLead {
			return true
		}
	}
	return false
}

// delivered counts the advisories that reached the model.
func delivered(list []Advisory) int {
	n := 0
	for _, a := range list {
		if a.Delivered {
			n++
		}
	}
	return n
}

// warnings measures the compactions of any number of replays; quiet
// stretches are per replay (quiet), added up by the caller.
func warnings(compactions []Compaction) Warnings {
	var w Warnings
	for _, c := range compactions {
		if c.Trigger == "auto" && inTime(c) {
			w.InTime++
		}
		if delivered(c.Before) > escalate.MaxPerCompaction {
			w.OverAdvised++
		}
	}
	return w
}

// quiet adds one replay's stretch after its last automatic compaction.
func (w *Warnings) quiet(r Report, calls int) {
	last := 0
	for _, c := range r.Compactions {
		if c.Trigger == "auto" {
			last = c.AfterCall
		}
	}
	manual := last // the last manual compaction after it
	for _, c := range r.Compactions {
		if c.Trigger != "auto" && c.AfterCall > manual {
			manual = c.AfterCall
		}
	}
	w.QuietCalls += calls - last
	for _, a := range r.Advisories {
		if a.Delivered && a.Call > last {
			w.QuietAdvisories++
			if a.Call <= manual {
				w.BeforeManual++
			}
		}
	}
	w.nuisance()
}

func (w *Warnings) nuisance() {
	w.Nuisance = 0
	if w.QuietCalls > 0 {
		w.Nuisance = math.Round(10000*float64(w.QuietAdvisories)/float64(w.QuietCalls)) / 100
	}
}

// The warning measures' columns in the Markdown table.
const (
	warnHeads   = " warned in time (auto) | over-advised | nuisance /100 calls |"
	warnColumns = 3
)

func warnCells(t Totals) string {
	w := t.Warnings
	return fmt.Sprintf(" %d of %d | %d | %s |", w.InTime, t.Auto, w.OverAdvised, nuisance(w))
}
