// Package replay runs a recorded session transcript through the plugin's
// pipeline after the fact: every tool call of the main chain becomes the
// shape entry PostToolUse would have logged at that context size, the
// zone advisories are decided by the hook's own rule (package escalate)
// with the zones it would have had (package pressure: the window, where
// Claude Code would compact, the learned history), and at every
// compaction the PRESERVE/WARM/DROP bands are computed as the PreCompact
// hook computes them and the regret window that follows is observed.
// The report says what would have been advised and how long before each
// compaction, what each compaction would have been told to drop, and how
// often the session reached back for it.
//
// A replay has no checkout of the session's project: the paths its
// transcript shows existed (files read and written, paths printed by ls,
// grep and git) are the oracle the Bash commands are resolved against,
// gathered in a first pass over the file.
package replay

import (
	"fmt"
	"io"
	"math"
	"sort"

	"github.com/session-intelligence/session-intelligence/shared/cc/autocompact"
	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// Options are what a replay runs with; only Config is required.
type Options struct {
	Config config.Config
	// Dirs and Getenv are what the hooks would read: Claude Code's
	// settings (autoCompactWindow), its environment
	// (CLAUDE_AUTOCOMPACT_PCT_OVERRIDE, DISABLE_AUTO_COMPACT) and the
	// compaction history the zones are learned from. The replay reads
	// them and writes nothing.
	Dirs   paths.Dirs
	Getenv func(string) string
	// Window replays the session as if it ran in a context window of
	// this size; 0 takes what the session recorded (its model's window,
	// or one inferred from its automatic compactions).
	Window int64
}

// MaxWindow is the largest window a replay accepts: ten times the
// largest any model has.
const MaxWindow = 10 * autocompact.Window1M

// CheckWindow validates a --context-window value; the error says what
// is valid, for the caller to name the value.
func CheckWindow(n int64) error {
	if n < autocompact.MinWindow || n > MaxWindow {
		return fmt.Errorf("give %d to %d tokens (a model's window is %d or %d), or leave it out to use the session's",
			autocompact.MinWindow, MaxWindow, autocompact.Window200k, autocompact.Window1M)
	}
	return nil
}

// Run replays the transcript at path.
func Run(path string, o Options) (Report, error) {
	f, _, err := fsutil.OpenRegular(path)
	if err != nil {
		return Report{}, fmt.Errorf("replay: %w", err)
	}
	defer f.Close()
	rep, err := Replay(f, o)
	rep.Path = path
	if err != nil {
		return rep, fmt.Errorf("replay %s: %w", path, err)
	}
	return rep, nil
}

// Replay replays a transcript read from r, in file order: a first pass
// gathers the paths it shows existed, a second replays it.
func Replay(r io.ReadSeeker, o Options) (Report, error) {
	if o.Window != 0 {
		if err := CheckWindow(o.Window); err != nil {
			return Report{}, fmt.Errorf("context window %d: %w", o.Window, err)
		}
	}
	if o.Getenv == nil {
		o.Getenv = func(string) string { return "" }
	}
	known, peak, err := gather(r)
	if err != nil {
		return Report{}, err
	}
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return Report{}, err
	}
	p := newPlayer(o, known)
	p.peak = peak
	err = p.play(r)
	return p.finish(), err
}

// finish closes the open window (the transcript ended inside it) and
// sums the report up.
func (p *player) finish() Report {
	p.closeWindow("end")
	p.revisits()
	p.folders()
	p.judge()
	if !p.started {
		p.zones() // the point, for the report, of a session without calls
	}
	r := p.rep
	if r.Advisories == nil {
		r.Advisories = []Advisory{}
	}
	if r.Compactions == nil {
		r.Compactions = []Compaction{}
	}
	r.Totals = totals(r, p.calls)
	r.Totals.Warnings.quiet(r, p.calls)
	return r
}

// totals sums the report's figures.
func totals(r Report, calls int) Totals {
	t := r.Totals
	t.ToolCalls, t.Compactions = calls, len(r.Compactions)
	if calls > 0 {
		t.RootedShare = round3(float64(t.RootedCalls) / float64(calls))
	}
	regretted, weight, quality, rated := 0, 0.0, 0.0, 0
	var leads []int64
	for _, c := range r.Compactions {
		auto := c.Trigger == "auto"
		if auto {
			t.Auto++
		}
		if c.Lead != nil {
			t.Warned++
			leads = append(leads, *c.Lead)
			if auto {
				t.AutoWarned++
			}
		}
		t.DropRoots += len(c.Drop)
		t.Revisited += len(c.Revisits)
		t.RevisitedInWindow += len(droppedHit(c))
		if len(c.Regret.Hard) > 0 {
			regretted++
		}
		weight += c.Regret.HardWeight
		if q := c.Regret.ContinuationQuality; q != nil {
			quality += *q
			rated++
		}
	}
	t.MedianLead = median(leads)
	t.Folders = folderTotals(r.Compactions)
	wordTotals(&t, r)
	t.Warnings = warnings(r.Compactions)
	for _, a := range r.Advisories {
		if a.Delivered {
			t.Advisories++
		}
	}
	if n := len(r.Compactions); n > 0 {
		t.HardRegretRate = round2(float64(regretted) / float64(n))
		t.MeanHardRegret = round2(weight / float64(n))
	}
	if rated > 0 {
		q := round2(quality / float64(rated))
		t.MeanContinuation = &q
	}
	return t
}

// droppedHit lists the roots of a compaction's DROP list that its regret
// window touched (hard regret).
func droppedHit(c Compaction) []string {
	var out []string
	for _, root := range c.Drop {
		for _, h := range c.Regret.Hard {
			if h.Root == root {
				out = append(out, root)
				break
			}
		}
	}
	return out
}

// median is the middle value (the mean of the two middle ones), nil for
// none.
func median(v []int64) *int64 {
	if len(v) == 0 {
		return nil
	}
	s := append([]int64{}, v...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	m := s[len(s)/2]
	if len(s)%2 == 0 {
		m = (s[len(s)/2-1] + m) / 2
	}
	return &m
}

func round2(f float64) float64 { return math.Round(f*100) / 100 }

func round3(f float64) float64 { return math.Round(f*1000) / 1000 }
