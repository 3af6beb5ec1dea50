// Package summary writes an agent thread's summaries: each turn's work
// first (the steps between the message and the final reply), then the
// turn's line from the message, that summary and the final reply, then
// the shared lines the view needs, each merged from its two halves.
// Lines are appended as they come back; a run stops at the first failure
// and the next one continues from what was written.
package summary

import (
	"fmt"
	"slices"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	"github.com/session-intelligence/session-intelligence/shared/ai/agent/view"
	"github.com/session-intelligence/session-intelligence/shared/ai/memory"
	"github.com/session-intelligence/session-intelligence/shared/ai/settings"
)

// Scope says which lines a run writes.
type Scope int

const (
	// Everything: every finished turn's lines and the shared lines the
	// view shows (ai agent build, the background summariser).
	Everything Scope = iota
	// ForView: only what the view shows (/ai, a new session's context).
	ForView
)

// Job is one line to write.
type Job struct {
	Kind  string // thread.SumWork, SumTurn or SumRange
	Block memory.Block
	// Label names the line for progress and errors: "#17 work".
	Label string
}

// Plan is the jobs of a run in phases: each phase only needs lines of
// the phases before it.
type Plan struct {
	Phases [][]Job
	Source view.Source
}

// Len counts the jobs.
func (p Plan) Len() int {
	n := 0
	for _, ph := range p.Phases {
		n += len(ph)
	}
	return n
}

// NewPlan works out the lines missing (all of scope with rebuild) for
// the thread as it is now. A turn still under way is left for later.
func NewPlan(src view.Source, v settings.AgentView, scope Scope, rebuild bool) (Plan, error) {
	turns := src.Thread.Turns
	l := view.NewLayout(len(turns), v)
	lines := view.Lines{Turns: turns, Sums: src.Sums}
	wantTurn := map[int]bool{}
	wantWork := map[int]bool{}
	ranges := map[memory.Block]bool{}
	var addBlock func(b memory.Block)
	addBlock = func(b memory.Block) {
		if b.Size() == 1 {
			wantTurn[b.Lo] = true
			return
		}
		ranges[b] = true
		left, right := b.Halves()
		addBlock(left)
		addBlock(right)
	}
	for _, b := range l.Older {
		addBlock(b)
	}
	for i := l.Recent.Lo; i < l.Recent.Hi; i++ {
		wantWork[i] = true
	}
	if scope == Everything {
		for i := range turns {
			wantTurn[i] = true
		}
	}
	var work, line []Job
	dirty := map[int]bool{}
	for i, t := range turns {
		if !wantTurn[i] && !wantWork[i] {
			continue
		}
		jobs, err := turnJobs(src, lines, t, wantTurn[i], rebuild)
		if err != nil {
			return Plan{}, err
		}
		for _, j := range jobs {
			if j.Kind == thread.SumWork {
				work = append(work, j)
			} else {
				line = append(line, j)
				dirty[i] = true
			}
		}
	}
	p := Plan{Phases: [][]Job{work, line}, Source: src}
	p.Phases = append(p.Phases, rangeJobs(lines, ranges, dirty, rebuild)...)
	return p, nil
}

// turnJobs are the lines one turn lacks: its work summary (when it has
// steps) and, when wanted, its line. A turn still under way has none.
func turnJobs(src view.Source, lines view.Lines, t thread.Turn, wantLine, rebuild bool) ([]Job, error) {
	work, hasWork := lines.Work(t)
	turn, hasTurn := lines.Turn(t)
	if !rebuild && !t.Last && (hasTurn || !wantLine && hasWork) {
		return nil, nil // a finished turn does not change; its work came before its line
	}
	c, err := src.Content(t)
	if err != nil {
		return nil, err
	}
	if t.Last && c.Reply < 0 {
		return nil, nil // under way: no final reply yet
	}
	sig := view.TurnSig(c)
	b := memory.Block{Lo: t.Index, Hi: t.Index + 1}
	var jobs []Job
	needWork := len(c.Work()) > 0 && (rebuild || !hasWork || work.Sig != sig)
	if needWork {
		jobs = append(jobs, Job{Kind: thread.SumWork, Block: b, Label: fmt.Sprintf("#%d work", t.Index)})
	}
	if wantLine && (rebuild || needWork || !hasTurn || turn.Sig != sig) {
		jobs = append(jobs, Job{Kind: thread.SumTurn, Block: b, Label: fmt.Sprintf("#%d", t.Index)})
	}
	return jobs, nil
}

// rangeJobs are the shared lines to write, smallest first, one phase per
// size: a line whose halves changed (or are written in this run) is
// written again.
func rangeJobs(lines view.Lines, ranges map[memory.Block]bool, dirty map[int]bool, rebuild bool) [][]Job {
	blocks := make([]memory.Block, 0, len(ranges))
	for b := range ranges {
		blocks = append(blocks, b)
	}
	slices.SortFunc(blocks, func(a, b memory.Block) int {
		if a.Size() != b.Size() {
			return a.Size() - b.Size()
		}
		return a.Lo - b.Lo
	})
	changed := map[memory.Block]bool{}
	for i := range dirty {
		changed[memory.Block{Lo: i, Hi: i + 1}] = true
	}
	var phases [][]Job
	for i, b := range blocks {
		left, right := b.Halves()
		sum, ok := lines.Range(b)
		stale := !ok || rebuild || changed[left] || changed[right]
		if ok && !stale {
			l, lok := lines.Range(left)
			r, rok := lines.Range(right)
			stale = !lok || !rok || sum.Sig != view.RangeSig(l.Text, r.Text)
		}
		if !stale {
			continue
		}
		changed[b] = true
		if i == 0 || len(phases) == 0 || phases[len(phases)-1][0].Block.Size() != b.Size() {
			phases = append(phases, nil)
		}
		phases[len(phases)-1] = append(phases[len(phases)-1], Job{Kind: thread.SumRange, Block: b, Label: "#" + b.String()})
	}
	return phases
}
