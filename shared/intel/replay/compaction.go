package replay

import (
	"github.com/session-intelligence/session-intelligence/shared/intel/history"
	"github.com/session-intelligence/session-intelligence/shared/intel/regret"
	"github.com/session-intelligence/session-intelligence/shared/intel/shape"
)

// boundary is a compaction: the advisories that came before it, the
// bands PreCompact would have written (every root of each band, as its
// history entry and snapshot hold them, and the DROP list its guidance
// gives) and a new regret window. The shape log is kept, as the live one
// is.
func (p *player) boundary(rec *record) {
	p.note(rec)
	p.closeWindow("compaction")
	p.batch = batch{} // a batch still open never reaches a request
	p.zones()         // the point as it stood, also before the first call
	c := Compaction{AfterCall: p.calls, T: rec.time().Unix(), Point: p.point,
		Hot: []string{}, Warm: []string{}, Cold: []string{}, Drop: []string{}, Revisits: []Revisit{}}
	if rec.Compact != nil {
		c.Trigger, c.PreTokens = rec.Compact.Trigger, rec.Compact.PreTokens
		p.tokens = rec.Compact.PostTokens // the context now, as the hooks read it (0: unknown, small)
	}
	c.Captured = p.captured()
	c.Before = append([]Advisory{}, p.rep.Advisories[p.since:]...)
	p.since = len(p.rep.Advisories)
	for _, a := range c.Before {
		if a.Delivered {
			lead := c.PreTokens - a.Tokens
			c.Lead = &lead
			break
		}
	}
	for _, e := range p.log {
		if e.Root != nil {
			c.Rooted++
		}
	}
	if a := p.analyze(p.flight.files); a != nil {
		c.Hot, c.Warm, c.Cold = nonNil(a.Bands.Hot), nonNil(a.Bands.Warm), nonNil(a.Bands.Cold)
		c.Drop = names(a.Cold)
		c.Shift, c.StaleTokens = a.Shift, a.StaleTokens
	}
	p.rep.Compactions = append(p.rep.Compactions, c)
	p.win = &window{at: len(p.rep.Compactions) - 1, snap: regret.Snapshot{
		T: c.T, SID: p.rep.SessionID, Tokens: c.PreTokens, HotDirs: c.Hot, WarmDirs: c.Warm, DroppedDirs: c.Cold,
	}}
}

// closeWindow stamps the open window onto a history entry, as the hook
// does when it closes, and keeps the outcome.
func (p *player) closeWindow(by string) {
	if p.win == nil {
		return
	}
	s := p.win.snap
	var e history.Entry
	s.Stamp(&e)
	p.rep.Compactions[p.win.at].Regret = Outcome{
		Calls: s.CallsSince, ClosedBy: by, Hard: hits(s.Regret), Soft: hits(s.Soft), Positive: hits(s.Positive),
		HardWeight: e.RegretCount, SoftWeight: e.SoftRegretCount, PositiveWeight: e.PositiveWeight,
		ContinuationQuality: e.ContinuationQuality,
	}
	p.win = nil
}

// revisits finds, for each compaction, the first later call that touched
// each root of its DROP list, to the end of the transcript.
func (p *player) revisits() {
	for i := range p.rep.Compactions {
		c := &p.rep.Compactions[i]
		for _, root := range c.Drop {
			for j := c.AfterCall; j < len(p.touch); j++ {
				if p.touch[j].root == root {
					c.Revisits = append(c.Revisits, Revisit{Root: root, Call: j + 1, After: j + 1 - c.AfterCall, Tool: p.touch[j].tool})
					break
				}
			}
		}
	}
}

func names(roots []shape.Root) []string {
	out := make([]string, 0, len(roots))
	for _, r := range roots {
		out = append(out, r.Name)
	}
	return out
}

// nonNil keeps empty lists as [] in JSON.
func nonNil(list []string) []string {
	if list == nil {
		return []string{}
	}
	return list
}

func hits(h []regret.Hit) []regret.Hit {
	if h == nil {
		return []regret.Hit{}
	}
	return h
}
