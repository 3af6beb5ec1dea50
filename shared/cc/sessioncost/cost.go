// Package sessioncost is the one place a session's cost is priced and
// written for people: the status line, the zone advisories, `si usage`
// and `si status` all show a [Figure] from [Price], so they agree to the
// cent and mark an estimate (a model without a list price, priced at its
// family's rate) with ~ alike. A session's cost is its main transcript
// and its subagents' transcripts ([Session]).
package sessioncost

import (
	"slices"

	"github.com/session-intelligence/session-intelligence/shared/cc/pricing"
	"github.com/session-intelligence/session-intelligence/shared/cc/transcript"
	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
)

// Figure is a priced cost.
type Figure struct {
	USD float64
	// Known is false when there was nothing to price (no transcript).
	Known bool
	// Unpriced lists the models without a list price, sorted; their
	// usage is priced at their family's rate and makes the figure an
	// estimate, EstimatedUSD of it.
	Unpriced     []string
	EstimatedUSD float64
}

// Estimated reports whether some of the figure is an estimate.
func (f Figure) Estimated() bool { return len(f.Unpriced) > 0 }

// String is the figure as every surface shows it: "$12.35", "~$25.8"
// for an estimate, "" when unknown.
func (f Figure) String() string {
	if !f.Known {
		return ""
	}
	if f.Estimated() {
		return "~" + humanize.USD(f.USD)
	}
	return humanize.USD(f.USD)
}

// Price prices the per-model usage of one or more transcripts with
// table. Each model's usage is summed over the parts before pricing.
func Price(table pricing.Table, parts ...map[string]*transcript.ModelUsage) Figure {
	f := Figure{Known: true}
	for _, part := range parts {
		for model, m := range part {
			if m == nil {
				continue
			}
			p, known := table.Lookup(model)
			c := p.CostSplit(m.Usage, m.Above)
			f.USD += c
			if !known {
				f.EstimatedUSD += c
				if !slices.Contains(f.Unpriced, model) {
					f.Unpriced = append(f.Unpriced, model)
				}
			}
		}
	}
	slices.Sort(f.Unpriced)
	return f
}

// Session prices a session: main, the stats of its transcript at
// mainPath (nil when unreadable: the figure is then unknown), and its
// subagents' transcripts beside it ([Subagents]).
func Session(main *transcript.Stats, mainPath, cacheDir string, table pricing.Table) Figure {
	if main == nil {
		return Figure{}
	}
	return Price(table, main.Models, Subagents(mainPath, cacheDir))
}
