package replay

import (
	"fmt"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/intel/capture"
	"github.com/session-intelligence/session-intelligence/shared/intel/retention"
)

// This file replays the capture of the user's words and the check of
// each compaction's summary: the words are captured as the hooks would
// have captured them (package capture, with the store's bounds), and the
// summary Claude Code recorded after each compaction (its
// isCompactSummary record) is judged as the PostCompact hook judges it.

// Captured is one instruction the capture held at a compaction, and what
// the recorded summary did with it.
type Captured struct {
	UUID *string `json:"uuid"` // the record it came from; null for one that has none (a queued message)
	Kind string  `json:"kind"`
	Text string  `json:"text"`
	// Summary is verbatim, substance or lost against the summary that
	// followed the compaction; "" when the transcript recorded none.
	Summary string `json:"summary"`
	Source  string `json:"source"`
	about   string // the question an answer replied to
}

// words captures the user's words in one line.
func (p *player) words(line []byte) {
	if items := capture.ReadLine(line).Items; len(items) > 0 {
		p.store.Add(time.Time{}, items...)
	}
}

// captured lists what the capture holds when a compaction starts.
func (p *player) captured() []Captured {
	out := make([]Captured, 0, len(p.store.Items))
	for _, it := range p.store.Items {
		c := Captured{Kind: string(it.Kind), Text: it.Text, Source: string(it.Source), about: it.About}
		if it.UUID != "" {
			id := it.UUID
			c.UUID = &id
		}
		out = append(out, c)
	}
	return out
}

// judge checks each compaction's captured words against the summary
// recorded after it (p.summaries, kept by summary.go).
func (p *player) judge() {
	for at, text := range p.summaries {
		c := &p.rep.Compactions[at]
		c.Summarised = true
		s := retention.Prepare(text)
		for i := range c.Captured {
			c.Captured[i].Summary = string(s.Judge(c.Captured[i].Text, c.Captured[i].about))
		}
	}
}

// wordTotals sums the verdicts over every judged compaction.
func wordTotals(t *Totals, r Report) {
	for _, c := range r.Compactions {
		for _, w := range c.Captured {
			t.Captured++
			switch retention.Verdict(w.Summary) {
			case retention.Verbatim:
				t.CapturedVerbatim++
			case retention.Substance:
				t.CapturedSubstance++
			case retention.Lost:
				t.CapturedLost++
			}
		}
	}
}

// writeWordsMarkdown writes the second table: per session, the user's
// instructions held at its compactions (counted once per compaction) and
// what the recorded summaries kept of them.
func (t Table) writeWordsMarkdown(b *strings.Builder) {
	b.WriteString("\n| session | instructions held at compactions | kept verbatim | kept in substance | lost by the summary (given back) |\n")
	b.WriteString("|---|---:|---:|---:|---:|\n")
	row := func(name string, t Totals) {
		fmt.Fprintf(b, "| %s | %d | %s | %s | %s |\n", name, t.Captured,
			share(t.CapturedVerbatim, t.Captured), share(t.CapturedSubstance, t.Captured), share(t.CapturedLost, t.Captured))
	}
	for _, r := range t.Rows {
		row("`"+r.Name+"`", r.Totals)
	}
	row("**all**", t.Total)
}
