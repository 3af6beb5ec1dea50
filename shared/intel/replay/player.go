package replay

import (
	"bufio"
	"bytes"
	"github.com/session-intelligence/session-intelligence/shared/intel/capture"
	"io"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/pricing"
	"github.com/session-intelligence/session-intelligence/shared/cc/transcript"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/intel/escalate"
	"github.com/session-intelligence/session-intelligence/shared/intel/pressure"
	"github.com/session-intelligence/session-intelligence/shared/intel/regret"
	"github.com/session-intelligence/session-intelligence/shared/intel/shape"
)

// defaultLogEntries is how many shape entries the live log keeps when
// the configuration does not say.
const defaultLogEntries = 200

// synthetic is the model of records Claude Code makes up (API errors);
// their usage is zero and says nothing about the context.
const synthetic = "<synthetic>"

// player holds what the hooks keep between calls: the session state, the
// shape log, the transcript's figures so far and the open regret window.
type player struct {
	o       Options
	rep     Report
	known   *shape.Known
	seen    map[string]bool // message.id/block id of calls replayed
	log     []shape.Entry   // the live shape log (newest maxLog entries)
	maxLog  int
	calls   int
	batch   batch  // the calls of the latest response
	peak    int64  // the largest context of the whole transcript
	tokens  int64  // context size of the latest response
	model   string // model of the latest response
	cwd     string
	esc     escalate.State
	press   pressure.Cache // what the hook caches in the session state
	point   Point          // the point and zones of the latest call
	started bool           // rep.Point is set: the point at the first call
	prices  pricing.Table
	win     *window
	touch   []touch // what each call touched, for the revisits
	since   int     // index in rep.Advisories of the first one since the last compaction
	// summaries holds the summary Claude Code wrote after each compaction
	// (by index in rep.Compactions).
	summaries map[int]string
	flight    inFlight      // the files in flight, as far as the transcript shows
	store     capture.Store // the user's words, as the hooks capture them
	// The transcript's figures as the hook reads them: acc is fed every
	// line the transcript package reads, through feeder.
	acc    *transcript.Accumulator
	src    bytes.Reader
	feeder *bufio.Reader
}

// touch is the root a call touched ("" for none) and its tool.
type touch struct{ root, tool string }

// batch is the calls one response asked for, in parallel, until their
// results are all back, when the PostToolBatch hook judges them.
type batch struct {
	response string            // the response's id
	open     map[string]opened // calls whose result has not come yet, by tool_use id
	sent     []escalate.Sent   // the results back so far, as the model reads them
}

// opened is a call waiting for its result: its index and input.
type opened struct {
	call  int
	input jsonx.RawMessage
}

// window is an open regret window and the compaction it belongs to.
type window struct {
	snap regret.Snapshot
	at   int // index in rep.Compactions
}

func newPlayer(o Options, known *shape.Known) *player {
	maxLog := o.Config.Shape.MaxEntries
	if maxLog <= 0 {
		maxLog = defaultLogEntries
	}
	p := &player{o: o, known: known, seen: map[string]bool{}, maxLog: maxLog,
		prices: pricing.Default().WithOverrides(o.Config.Statusline.Prices), acc: transcript.NewAccumulator()}
	// Larger than the transcript reader's buffer, so that Feed reads
	// through this one instead of allocating its own for every line.
	p.feeder = bufio.NewReaderSize(&p.src, 1<<20)
	return p
}

// markUsage, with markCompact, selects the lines fed to the accumulator:
// a superset of those the transcript package decodes.
var markUsage = []byte(`"usage"`)

// play is the second pass: every record in file order.
func (p *player) play(r io.Reader) error {
	return lines(r, func(line []byte, off int64) {
		p.words(line)
		rec, ok := decodeCandidate(line)
		boundary := ok && !rec.IsSidechain && rec.Type == "system" && rec.Subtype == "compact_boundary"
		if !boundary {
			p.feed(line, off) // the hook sees the response that made the call
		}
		switch {
		case !ok || rec.IsSidechain:
		case rec.Type == "assistant":
			p.response(rec)
		case boundary:
			p.boundary(rec) // with the point as it stood before it
			p.feed(line, off)
		case rec.IsSummary:
			p.summary(rec)
		case rec.Type == "user":
			p.results(rec)
			if n := escalate.Prompt(rec.prompt()); n > 0 && escalate.PromptMay(p.esc.Zone, n) {
				p.advise(rec.time(), p.calls, p.tokens+n) // UserPromptSubmit
			}
		}
	})
}

// feed passes one line to the accumulator, which keeps the figures the
// hook reads from the transcript (model, compactions, cost).
func (p *player) feed(line []byte, off int64) {
	if !bytes.Contains(line, markUsage) && !bytes.Contains(line, markCompact) {
		return
	}
	if line[len(line)-1] != '\n' {
		line = append(line[:len(line):len(line)], '\n')
	}
	p.src.Reset(line)
	p.feeder.Reset(&p.src)
	_ = p.acc.Feed(p.feeder, off) // a bytes.Reader does not fail
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
	if rec.Message.Model != "" {
		p.model = rec.Message.Model
	}
	for _, b := range rec.Message.blocks("tool_use") {
		key := rec.Message.ID + "/" + b.ID
		if p.seen[key] {
			continue
		}
		p.seen[key] = true
		if p.batch.response != rec.Message.ID {
			p.batch = batch{response: rec.Message.ID, open: map[string]opened{}}
		}
		p.call(rec.time(), b)
		p.batch.open[b.ID] = opened{call: p.calls, input: b.Input}
	}
}

// results takes the results a user record brings back. Once every call
// of the batch is back, the next request carries them all: the zone is
// judged on that, as the PostToolBatch hook does.
func (p *player) results(rec *record) {
	for _, b := range rec.Message.blocks("tool_result") {
		c, ok := p.batch.open[b.ToolUseID]
		if !ok {
			continue
		}
		delete(p.batch.open, b.ToolUseID)
		p.batch.sent = append(p.batch.sent, escalate.Sent{Input: c.input, Result: b.Content})
		if len(p.batch.open) == 0 {
			p.advise(rec.time(), c.call, p.tokens+escalate.Batch(p.batch.sent))
			p.batch = batch{}
		}
	}
}

// call is one PostToolUse: the shape entry, the regret window, the zone.
func (p *player) call(t time.Time, b block) {
	p.calls++
	sc := p.o.Config.Shape.For(p.cwd)
	e := shape.Entry{T: t.Unix(), Tok: p.tokens, Tool: b.Name}
	root := ""
	target, isDir := (shape.Env{Cwd: p.cwd, Known: p.known.Lookup}).Target(b.Name, b.Input)
	if target != "" {
		var logged string
		root, logged = shape.RootOf(target, p.cwd, sc.RootDirDepth, isDir)
		e.Root, e.File = &root, &logged
		p.rep.Totals.RootedCalls++
	}
	p.touch = append(p.touch, touch{root: root, tool: b.Name})
	command := ""
	if b.Name == "Bash" {
		command = bashCommand(b.Input)
		e.Event = shape.PhaseEvent(command)
	}
	p.flight.observe(b.Name, target, e.Event)
	if e.Root != nil || e.Event != "" {
		p.log = append(p.log, e)
		if len(p.log) > p.maxLog {
			p.log = p.log[len(p.log)-p.maxLog:]
		}
	}
	if p.win != nil && p.win.snap.Observe(root, b.Name, command, t) {
		p.closeWindow(closedBy(p.win.snap))
	}
	p.advise(t, p.calls, p.tokens)
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

// analyze is the shape analysis over the live log, as the hooks run it:
// PreCompact knows the files in flight, PostToolUse (nil) does not.
func (p *player) analyze(inFlight []string) *shape.Analysis {
	o := shape.Configured(p.o.Config.Shape, p.cwd)
	o.InFlight = inFlight
	return shape.Analyze(p.log, o)
}
