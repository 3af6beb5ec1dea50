package replay

import (
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/autocompact"
	"github.com/session-intelligence/session-intelligence/shared/cc/transcript"
	"github.com/session-intelligence/session-intelligence/shared/intel/escalate"
	"github.com/session-intelligence/session-intelligence/shared/intel/pressure"
	"github.com/session-intelligence/session-intelligence/shared/intel/zones"
)

// FromFlag is Point.WindowFrom when --context-window gave the window.
const FromFlag = "context-window"

// advise applies the hooks' rule (package escalate) after call, the
// next request carrying tokens (PostToolUse: the transcript's figure;
// PostToolBatch: with the batch's results), with the zones the hook
// would have had (package pressure: the window, the compaction point,
// the learned history).
func (p *player) advise(t time.Time, call int, tokens int64) {
	set := p.zones()
	z := set.Of(tokens)
	act, repeat := escalate.Step(escalate.RuleOf(p.o.Config.Compact), &p.esc, escalate.Call{
		Zone: z, Tokens: tokens, Calls: p.calls, Near: set.Near(tokens), Compactions: p.acc.Stats.CompactCount})
	a := Advisory{Call: call, T: t.Unix(), Tokens: tokens, Zone: z.String()}
	switch act {
	case escalate.Log:
		p.rep.Advisories = append(p.rep.Advisories, a)
		return
	case escalate.Advise:
	default:
		return
	}
	a.Delivered, a.Repeat = true, repeat
	if left, ok := set.ToCompact(tokens); ok && !p.point.Off {
		a.ToCompact = &left
	}
	a.Diagnosis = p.analyze(nil).Diagnosis()
	p.rep.Advisories = append(p.rep.Advisories, a)
}

// zones computes the pressure as the hook does at this call, keeps the
// point, and returns the zones in force (with the session's cost so far,
// which pulls learned zones in). Like a hook without a status line, it
// gives no model: pressure takes the latest response's from the stats.
// Unlike the hook, it knows the largest context of the whole session
// (what a status line would have said of a 1M window from the start).
func (p *player) zones() zones.Set {
	res := pressure.Compute(pressure.Inputs{Dirs: p.o.Dirs, Zones: p.o.Config.StatuslineFor(p.cwd).Zones,
		Getenv: p.o.Getenv, Cwd: p.cwd, Window: p.o.Window, Stats: p.stats(), Peak: p.peak}, &p.press)
	set := res.Learned.For(max(p.acc.Stats.Cost(p.prices), 0))
	p.point = pointOf(res.Point, set, p.model)
	p.point.Peak = p.peak
	if !p.started {
		p.rep.Point, p.started = p.point, true
	}
	return set
}

// stats are the transcript's figures so far. With --context-window the
// session's compactions are left out: they fired at the recorded
// window's point, so they say nothing of where the given one's is.
func (p *player) stats() *transcript.Stats {
	if p.o.Window <= 0 {
		return p.acc.Stats
	}
	s := *p.acc.Stats
	s.Compacts = nil
	return &s
}

// pointOf is the report's view of a compaction point.
func pointOf(pt autocompact.Point, set zones.Set, model string) Point {
	from := string(pt.WindowFrom)
	if pt.WindowFrom == autocompact.FromStatusLine {
		from = FromFlag // a replay has no status line: the window came from the flag
	}
	return Point{Window: pt.Window, WindowFrom: from, Model: model, AutoWindow: pt.AutoWindow,
		AutoFrom: string(pt.AutoFrom), Threshold: pt.Threshold, Off: pt.Off, Zones: set}
}
