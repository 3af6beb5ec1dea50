package summary

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	"github.com/session-intelligence/session-intelligence/shared/ai/agent/view"
	"github.com/session-intelligence/session-intelligence/shared/ai/memory"
	"github.com/session-intelligence/session-intelligence/shared/ai/summarise"
)

// Runner writes the lines of a plan.
type Runner struct {
	Agent      thread.Agent
	Summariser memory.Summariser
	Model      string
	Now        func() time.Time
	// Write runs fn under the store's lock.
	Write func(fn func() error) error
	// Parallel bounds the model calls at once (default 4).
	Parallel int
	// Progress, when set, is told of each line done.
	Progress func(done, total int, label string)
	// Rebuild writes lines again even where one with the same content
	// exists (one written during this run still counts).
	Rebuild bool
}

// Failure is one line that could not be written.
type Failure struct {
	Label string
	Err   error
}

// Report says what a run did.
type Report struct {
	Written int
	// Wrote labels the lines written, in the order they were.
	Wrote    []string
	Failed   []Failure
	Canceled bool
}

// Err names every failed line with its error, nil when none failed.
func (r Report) Err() error {
	if len(r.Failed) == 0 {
		if r.Canceled {
			return context.Canceled
		}
		return nil
	}
	parts := make([]string, len(r.Failed))
	for i, f := range r.Failed {
		parts[i] = fmt.Sprintf("line %s: %v", f.Label, f.Err)
	}
	return fmt.Errorf("%w: %s", ErrFailed, strings.Join(parts, "; "))
}

// ErrFailed: a summary line could not be written.
var ErrFailed = errors.New("summaries not written")

// run is the state of one Run.
type run struct {
	Runner
	src   view.Source
	mu    sync.Mutex
	sums  map[string]thread.Summary
	snap  map[string]thread.Summary // a copy of sums for readers; nil when stale
	off   int64
	done  int
	start time.Time
}

// Run writes the plan's lines phase by phase, several at once; after a
// failure it starts no more and reports each line that failed. A
// canceled ctx stops the model calls; lines written stay.
func (r Runner) Run(ctx context.Context, p Plan) Report {
	st := &run{Runner: r, src: p.Source, sums: map[string]thread.Summary{}, start: r.Now()}
	for k, v := range p.Source.Sums {
		st.sums[k] = v
	}
	st.off, _ = r.Agent.SummaryCount()
	var rep Report
	total := p.Len()
	for _, phase := range p.Phases {
		st.phase(ctx, phase, total, &rep)
		if len(rep.Failed) > 0 || ctx.Err() != nil {
			rep.Canceled = ctx.Err() != nil
			return rep
		}
	}
	return rep
}

func (st *run) phase(ctx context.Context, jobs []Job, total int, rep *Report) {
	workers := max(st.Parallel, 1)
	if st.Parallel == 0 {
		workers = 4
	}
	var wg sync.WaitGroup
	feed := make(chan Job)
	for range min(workers, len(jobs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range feed {
				st.mu.Lock()
				stop := len(rep.Failed) > 0
				st.mu.Unlock()
				if stop || ctx.Err() != nil {
					continue // a job handed over as another failed
				}
				wrote, err := st.job(ctx, j)
				st.mu.Lock()
				switch {
				case err != nil && ctx.Err() == nil:
					rep.Failed = append(rep.Failed, Failure{Label: j.Label, Err: err})
				case wrote:
					rep.Written++
					rep.Wrote = append(rep.Wrote, j.Label)
				}
				st.done++
				if st.Progress != nil {
					st.Progress(st.done, total, j.Label)
				}
				st.mu.Unlock()
			}
		}()
	}
	for _, j := range jobs {
		st.mu.Lock()
		stop := len(rep.Failed) > 0
		st.mu.Unlock()
		if stop || ctx.Err() != nil {
			break
		}
		feed <- j
	}
	close(feed)
	wg.Wait()
}

// job writes one line unless another process wrote it meanwhile.
func (st *run) job(ctx context.Context, j Job) (bool, error) {
	prompt, sig, key, size, err := st.prepare(j)
	if err != nil || prompt == "" {
		return false, err
	}
	out, err := st.Summariser.Summarise(ctx, prompt)
	if err != nil {
		return false, err
	}
	text := summarise.OneLine(out, size.Chars)
	if text == "" {
		return false, errors.New("the summariser answered nothing")
	}
	s := thread.Summary{Kind: j.Kind, Key: key, Sig: sig, At: st.Now().UTC(), Model: st.Model, Text: text}
	if err := st.Write(func() error { return st.Agent.AddSummary(s) }); err != nil {
		return false, err
	}
	st.mu.Lock()
	st.sums[j.Kind+" "+key] = s
	st.snap = nil
	st.mu.Unlock()
	return true, nil
}

// prepare builds a job's prompt; "" when the line is already there.
func (st *run) prepare(j Job) (prompt, sig, key string, size Size, err error) {
	lines := st.lines()
	name := st.Agent.Name
	if j.Kind == thread.SumRange {
		left, right := j.Block.Halves()
		l, lok := lines.Range(left)
		r, rok := lines.Range(right)
		if !lok || !rok {
			return "", "", "", size, fmt.Errorf("its halves #%s and #%s are not both written", left, right)
		}
		key, sig = view.RangeKey(lines.Turns, j.Block), view.RangeSig(l.Text, r.Text)
		if st.written(lines, j.Kind, key, sig) {
			return "", "", "", size, nil
		}
		size = RangeSize(j.Block.Size())
		return RangePrompt(name, left.String(), right.String(), j.Block.String(), l.Text, r.Text, size), sig, key, size, nil
	}
	t := lines.Turns[j.Block.Lo]
	c, err := st.src.Content(t)
	if err != nil {
		return "", "", "", size, err
	}
	key, sig, size = t.Key(), view.TurnSig(c), TurnSize(c)
	if st.written(lines, j.Kind, key, sig) {
		return "", "", "", size, nil
	}
	if j.Kind == thread.SumWork {
		return WorkPrompt(name, c, size), sig, key, size, nil
	}
	work := ""
	if w, ok := lines.Work(t); ok && len(c.Work()) > 0 {
		work = w.Text
	}
	return TurnPrompt(name, c, work, size), sig, key, size, nil
}

// written: the line is there, from the same content (and, rebuilding,
// written in this run).
func (st *run) written(lines view.Lines, kind, key, sig string) bool {
	have, ok := lines.Sums[kind+" "+key]
	return ok && have.Sig == sig && (!st.Rebuild || !have.At.Before(st.start))
}

// lines picks up lines other processes appended and returns a snapshot
// to read without the lock.
func (st *run) lines() view.Lines {
	st.mu.Lock()
	defer st.mu.Unlock()
	if size, err := st.Agent.SummaryCount(); err == nil && size > st.off {
		st.off, _ = st.Agent.ReadSummaries(st.off, func(s thread.Summary) { st.sums[s.Kind+" "+s.Key] = s })
		st.snap = nil
	}
	if st.snap == nil {
		st.snap = make(map[string]thread.Summary, len(st.sums))
		for k, v := range st.sums {
			st.snap[k] = v
		}
	}
	return view.Lines{Turns: st.src.Thread.Turns, Sums: st.snap}
}
