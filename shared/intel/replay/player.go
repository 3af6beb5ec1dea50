package replay

import (
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/intel/history"
	"github.com/session-intelligence/session-intelligence/shared/intel/regret"
	"github.com/session-intelligence/session-intelligence/shared/intel/shape"
	"github.com/session-intelligence/session-intelligence/shared/intel/zones"
)

// defaultLogEntries is how many shape entries the live log keeps when
// the configuration does not say.
const defaultLogEntries = 200

// synthetic is the model of records Claude Code makes up (API errors);
// their usage is zero and says nothing about the context.
const synthetic = "<synthetic>"

// player holds what the hooks keep between calls: the session state, the
// shape log and the open regret window.
type player struct {
	cfg     config.Config
	set     zones.Set
	rep     Report
	seen    map[string]bool // message.id/block id of calls replayed
	log     []shape.Entry   // the live shape log (newest maxLog entries)
	maxLog  int
	calls   int
	tokens  int64 // context size of the latest response
	zone    zones.Zone
	zoneTok int64
	cwd     string
	win     *window
}

// window is an open regret window and the compaction it belongs to.
type window struct {
	snap regret.Snapshot
	at   int // index in rep.Compactions
}

func newPlayer(cfg config.Config) *player {
	maxLog := cfg.Shape.MaxEntries
	if maxLog <= 0 {
		maxLog = defaultLogEntries
	}
	return &player{cfg: cfg, set: zones.Static(cfg.Statusline.Zones), seen: map[string]bool{}, maxLog: maxLog}
}

// note keeps the session id and working directory current.
func (p *player) note(rec *record) {
	if rec.Cwd != "" {
		p.cwd = rec.Cwd
		if p.rep.Cwd == "" {
			p.rep.Cwd = rec.Cwd
		}
	}
	if p.rep.SessionID == "" {
		p.rep.SessionID = rec.SessionID
	}
}

// response replays the tool calls of one assistant record, once per
// call even when the response was written as several records.
func (p *player) response(rec *record) {
	p.note(rec)
	if rec.Message == nil || rec.Message.Model == synthetic {
		return
	}
	if tok, ok := rec.Message.contextTokens(); ok && tok > 0 {
		p.tokens = tok
	}
	for _, b := range rec.Message.toolUses() {
		key := rec.Message.ID + "/" + b.ID
		if p.seen[key] {
			continue
		}
		p.seen[key] = true
		p.call(rec.time(), b)
	}
}

// call is one PostToolUse: the shape entry, the regret window, the zone.
func (p *player) call(t time.Time, b block) {
	p.calls++
	sc := p.cfg.Shape.For(p.cwd)
	e := shape.Entry{T: t.Unix(), Tok: p.tokens, Tool: b.Name}
	root := ""
	if target, isDir := shape.Target(b.Name, b.Input, p.cwd); target != "" {
		var logged string
		root, logged = shape.RootOf(target, p.cwd, sc.RootDirDepth, isDir)
		e.Root, e.File = &root, &logged
		p.rep.Totals.RootedCalls++
	}
	command := ""
	if b.Name == "Bash" {
		command = bashCommand(b.Input)
		e.Event = shape.PhaseEvent(command)
	}
	if e.Root != nil || e.Event != "" {
		p.log = append(p.log, e)
		if len(p.log) > p.maxLog {
			p.log = p.log[len(p.log)-p.maxLog:]
		}
	}
	if p.win != nil && p.win.snap.Observe(root, b.Name, command, t) {
		p.closeWindow(closedBy(p.win.snap))
	}
	p.advise(t)
}

func bashCommand(input jsonx.RawMessage) string {
	var in struct {
		Command string `json:"command"`
	}
	_ = jsonx.Unmarshal(input, &in)
	return in.Command
}

func closedBy(s regret.Snapshot) string {
	if s.CallsSince >= regret.WindowCalls {
		return "calls"
	}
	return "time"
}

// analyze is the shape analysis over the live log, as the hooks run it.
func (p *player) analyze() *shape.Analysis {
	sc := p.cfg.Shape.For(p.cwd)
	return shape.Analyze(p.log, shape.Options{
		Cwd: p.cwd, Depth: sc.RootDirDepth, Scoring: sc.Scoring, WarmCutoff: sc.WarmScoreCutoff,
		Preserve: shape.CompileGlobs(sc.PreserveGlobs), Drop: shape.CompileGlobs(sc.DropGlobs),
	})
}

// boundary is a compaction: the bands PreCompact would have written (every
// root of each band, as its history entry and snapshot hold them) and a
// new regret window. The shape log is kept, as the live one is.
func (p *player) boundary(rec *record) {
	p.note(rec)
	p.closeWindow("compaction")
	c := Compaction{AfterCall: p.calls, T: rec.time().Unix(), Hot: []string{}, Warm: []string{}, Cold: []string{}}
	if rec.Compact != nil {
		c.Trigger, c.PreTokens = rec.Compact.Trigger, rec.Compact.PreTokens
	}
	for _, e := range p.log {
		if e.Root != nil {
			c.Rooted++
		}
	}
	if a := p.analyze(); a != nil {
		c.Hot, c.Warm, c.Cold = nonNil(a.Bands.Hot), nonNil(a.Bands.Warm), nonNil(a.Bands.Cold)
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

// minRefire is the least growth after which an advisory may fire again
// in the same zone (with compact.refireEveryTokens set), as in the hook.
const minRefire = 5000

// advise applies the PostToolUse rule to the call just replayed: a zone
// below the last one re-arms; entering yellow is logged only; entering
// orange or red reaches the model once the session has made
// compact.threshold calls (a call before that holds it back without
// moving the zone, so a later call fires it); a same-zone advisory fires
// again only after compact.refireEveryTokens of growth.
func (p *player) advise(t time.Time) {
	z, last := p.set.Of(p.tokens), p.zone
	cc := p.cfg.Compact
	switch {
	case z < last:
		p.zone, p.zoneTok = z, p.tokens
		return
	case z == last && !refire(cc.RefireEveryTokens, p.tokens-p.zoneTok, z):
		return
	case z == zones.Yellow:
		p.zone, p.zoneTok = z, p.tokens
		p.rep.Advisories = append(p.rep.Advisories, Advisory{Call: p.calls, T: t.Unix(), Tokens: p.tokens, Zone: z.String()})
		return
	case !cc.Autoblock || p.calls < cc.Threshold:
		return
	}
	p.rep.Advisories = append(p.rep.Advisories, Advisory{
		Call: p.calls, T: t.Unix(), Tokens: p.tokens, Zone: z.String(), Delivered: true,
		Repeat: z == last, Diagnosis: p.analyze().Diagnosis(),
	})
	p.zone, p.zoneTok = z, p.tokens
}

// refire reports whether a same-zone advisory is due again.
func refire(every, grown int64, z zones.Zone) bool {
	return every > 0 && z >= zones.Orange && grown >= max(every, minRefire)
}
