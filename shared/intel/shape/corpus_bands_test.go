package shape

import (
	"slices"
	"sort"
	"testing"
)

// The corpus check of the bands: the shape log each session would have
// written is replayed and analysed after every call, as the advisory does.

// Settings of the replay: the configuration's defaults, and the regret
// window (regret.WindowCalls) as the horizon of "touched again".
const (
	replayDepth      = 2
	replayMaxEntries = 200
	quietWindow      = 30
)

// What the analyses in the orange zone must show: a stale figure in a
// fifth of them (it was 10.6% before the bands were tuned, and the
// sessions hold 20k tokens in roots quiet for 20 calls before and 30
// after in about 36%), and at most a quarter of COLD roots touched again
// within the regret window (34.6% before).
const (
	minOrangeStale   = 0.20
	maxColdTouched   = 0.25
	recentCalls      = 3 // a root touched this recently must not be COLD
	maxRecentNotHotP = 0.15
)

// bandStats sums what the analyses showed.
type bandStats struct {
	analyses, stale, hot   int
	coldRoots, coldTouched int // COLD roots, and those touched again within quietWindow calls
	recent, recentNotHot   int // roots touched in the last recentCalls calls, and those not HOT
	recentCold             int
	staleTokens            int64
}

func (b *bandStats) add(o bandStats) {
	b.analyses += o.analyses
	b.stale += o.stale
	b.hot += o.hot
	b.coldRoots += o.coldRoots
	b.coldTouched += o.coldTouched
	b.recent += o.recent
	b.recentNotHot += o.recentNotHot
	b.recentCold += o.recentCold
	b.staleTokens += o.staleTokens
}

// replayShape builds the shape log of a session (rooted calls and phase
// events, as PostToolUse writes it) and calls at after each call i with
// the analysis of the log so far under the options mod gives; roots[i] is
// the root call i touched, "" for none, all known in advance so that at
// can look ahead.
func replayShape(s session, mod func(*Options), at func(i int, roots []string, a *Analysis)) {
	roots, files := make([]string, len(s.calls)), make([]string, len(s.calls))
	for i, c := range s.calls {
		if p, isDir := (Env{Cwd: c.cwd, Known: s.known.Lookup}).Target(c.tool, c.input); p != "" {
			roots[i], files[i] = RootOf(p, c.cwd, replayDepth, isDir)
		}
	}
	var log []Entry
	for i, c := range s.calls {
		e := Entry{T: c.t, Tok: c.tok, Tool: c.tool, Event: c.event}
		if roots[i] != "" {
			e.Root, e.File = &roots[i], &files[i]
		}
		if e.Root != nil || e.Event != "" {
			log = append(log, e)
			log = log[max(0, len(log)-replayMaxEntries):]
		}
		o := Options{Cwd: c.cwd, Depth: replayDepth, Scoring: "hybrid", WarmCutoff: 0.40}
		mod(&o)
		at(i, roots, Analyze(log, o))
	}
}

// seedBands are the options of the seed's bands (DROP by score alone).
func seedBands(o *Options) { o.ScoreDrop = true }

// measure sums the analyses of a session made at a context size of at
// least from tokens.
func measure(s session, from int64) bandStats {
	var st bandStats
	replayShape(s, seedBands, func(i int, roots []string, a *Analysis) {
		if a == nil || s.calls[i].tok < from {
			return
		}
		st.analyses++
		if a.StaleTokens >= MinStale && len(a.Cold) > 0 {
			st.stale++
			st.staleTokens += a.StaleTokens
		}
		if len(a.Hot) > 0 {
			st.hot++
		}
		next := roots[i+1 : min(len(roots), i+1+quietWindow)]
		for _, r := range a.Bands.Cold {
			st.coldRoots++
			if slices.Contains(next, r) {
				st.coldTouched++
			}
		}
		recent := roots[max(0, i+1-recentCalls) : i+1]
		for _, r := range append(append(append([]string{}, a.Bands.Hot...), a.Bands.Warm...), a.Bands.Cold...) {
			if slices.Contains(recent, r) {
				st.recent++
				if !slices.Contains(a.Bands.Hot, r) {
					st.recentNotHot++
				}
				if slices.Contains(a.Bands.Cold, r) {
					st.recentCold++
				}
			}
		}
	})
	return st
}

// orangeFrom is where the orange zone starts for the corpus: the adaptive
// zones' rule, 0.9 × the median context size at compaction (its ±30%
// bound around the 300k default is lifted: these sessions ran in 200k
// windows and never pass 210k).
func orangeFrom(sessions []session) int64 {
	var pre []int64
	for _, s := range sessions {
		pre = append(pre, s.compacted...)
	}
	if len(pre) == 0 {
		return 150_000
	}
	sort.Slice(pre, func(i, j int) bool { return pre[i] < pre[j] })
	return pre[len(pre)/2] * 9 / 10
}

// TestCorpusBands checks the scoring the bands start from, with the seed's
// DROP (every root scored under the cutoff; corpus_drop_test.go checks
// the rules that make DROP safe): that the analyses made in the orange
// zone name the stale part of the context, that the roots they call COLD
// are mostly not touched again soon, and that no root just touched is
// COLD.
func TestCorpusBands(t *testing.T) {
	var sessions []session
	for _, path := range corpusFiles(t) {
		sessions = append(sessions, readSession(t, path))
	}
	orange := orangeFrom(sessions)
	var hot, all bandStats
	for _, s := range sessions {
		o := measure(s, orange)
		t.Logf("%-66s orange: %3d analyses, %5.1f%% with a stale figure, %5.1f%% of %d COLD roots touched again",
			s.name, o.analyses, pct(o.stale, o.analyses), pct(o.coldTouched, o.coldRoots), o.coldRoots)
		hot.add(o)
		all.add(measure(s, 0))
	}
	for _, x := range []struct {
		name string
		st   bandStats
	}{{"orange", hot}, {"all", all}} {
		st := x.st
		t.Logf("%s: %d analyses, %.1f%% with a stale figure (mean %dk), %.1f%% with hot names; %.1f%% of %d COLD roots touched within %d calls; of roots touched in the last %d calls %.1f%% not HOT, %d COLD",
			x.name, st.analyses, pct(st.stale, st.analyses), st.staleTokens/int64(max(st.stale, 1))/1000, pct(st.hot, st.analyses),
			pct(st.coldTouched, st.coldRoots), st.coldRoots, quietWindow, recentCalls, pct(st.recentNotHot, st.recent), st.recentCold)
	}
	t.Logf("orange zone from %d tokens", orange)
	if got := float64(hot.stale) / float64(max(hot.analyses, 1)); got < minOrangeStale {
		t.Errorf("orange analyses with a stale figure = %.1f%%, want at least %.0f%%", 100*got, 100*minOrangeStale)
	}
	if got := float64(hot.coldTouched) / float64(max(hot.coldRoots, 1)); got > maxColdTouched {
		t.Errorf("orange COLD roots touched again = %.1f%%, want at most %.0f%%", 100*got, 100*maxColdTouched)
	}
	if all.recentCold > 0 || float64(all.recentNotHot) > maxRecentNotHotP*float64(all.recent) {
		t.Errorf("roots touched in the last %d calls: %d COLD, %d of %d not HOT", recentCalls, all.recentCold, all.recentNotHot, all.recent)
	}
}
