package shape

import (
	"slices"
	"strings"
	"testing"
)

// The corpus check of the DROP rules (drop.go): every analysis of every
// recorded session, as PreCompact would make it at that call, against
// the next quietWindow calls (the regret window).

// maxDroppedShare is the goal: of the roots a session touches in the 30
// calls after an analysis (those the bands hold, the top level left
// out), at most 3% may be in its DROP band.
const maxDroppedShare = 0.03

// dropStats sums what the safe bands showed.
type dropStats struct {
	analyses, withDrop int
	touched, dropped   int // roots touched within quietWindow calls after, and those of them in DROP
	bad                []string
}

func (d *dropStats) add(o dropStats) {
	d.analyses += o.analyses
	d.withDrop += o.withDrop
	d.touched += o.touched
	d.dropped += o.dropped
	d.bad = append(d.bad, o.bad...)
}

// measureDrop sums the analyses of a session made at a context size of
// at least from tokens, with the options mod gives.
func measureDrop(s session, from int64, mod func(*Options)) dropStats {
	var st dropStats
	replayShape(s, mod, func(i int, roots []string, a *Analysis) {
		if a == nil || s.calls[i].tok < from {
			return
		}
		st.analyses++
		if len(a.Bands.Cold) > 0 {
			st.withDrop++
		}
		banded := slices.Concat(a.Bands.Hot, a.Bands.Warm, a.Bands.Cold)
		var seen []string
		for _, r := range roots[i+1 : min(len(roots), i+1+quietWindow)] {
			if r == "" || r == "." || slices.Contains(seen, r) || !slices.Contains(banded, r) {
				continue
			}
			seen = append(seen, r)
			st.touched++
			if slices.Contains(a.Bands.Cold, r) {
				st.dropped++
			}
		}
		recent := roots[max(0, i+1-recentWindow) : i+1]
		for _, r := range a.Bands.Cold {
			if r == "." || strings.HasPrefix(r, "/") || slices.Contains(recent, r) || nestedAmong(r, banded) {
				st.bad = append(st.bad, s.name+": "+r)
			}
		}
	})
	return st
}

// nestedAmong reports whether list holds a parent or subfolder of root.
func nestedAmong(root string, list []string) bool {
	for _, r := range list {
		if r != "." && (strings.HasPrefix(r, root+"/") || strings.HasPrefix(root, r+"/")) {
			return true
		}
	}
	return false
}

// TestCorpusSafeDrop checks the DROP rules on every session of the
// corpus, and on each half of it split by repository (entireio/cli, and
// the four others), so that the figure is not the work of one project:
// at most 3% of the roots touched in the 30 calls after an analysis are
// in its DROP band, and no DROP entry is the top level, outside the
// project, touched within the last 30 calls or beside its own parent or
// subfolder. The share of analyses with a DROP band is logged: the rules
// drop only finished work, so it follows how often sessions commit.
func TestCorpusSafeDrop(t *testing.T) {
	halves := map[string]*dropStats{"entireio/cli": {}, "others": {}}
	var orange, all, seed dropStats
	safeBands := func(*Options) {}
	var sessions []session
	for _, path := range corpusFiles(t) {
		sessions = append(sessions, readSession(t, path))
	}
	from := orangeFrom(sessions)
	for _, s := range sessions {
		half := "others"
		if strings.HasPrefix(s.name, "entireio+cli+") {
			half = "entireio/cli"
		}
		o := measureDrop(s, from, safeBands)
		halves[half].add(o)
		orange.add(o)
		all.add(measureDrop(s, 0, safeBands))
		seed.add(measureDrop(s, from, seedBands))
	}
	t.Logf("the seed's DROP, orange: %d analyses, %.1f%% with a DROP band; of %d roots touched within %d calls, %d in DROP (%.1f%%); %d entries break a rule",
		seed.analyses, pct(seed.withDrop, seed.analyses), seed.touched, quietWindow, seed.dropped, pct(seed.dropped, seed.touched), len(seed.bad))
	for _, x := range []struct {
		name string
		st   dropStats
	}{{"orange", orange}, {"all", all}, {"orange, entireio/cli", *halves["entireio/cli"]}, {"orange, others", *halves["others"]}} {
		st := x.st
		t.Logf("%s: %d analyses, %.1f%% with a DROP band; of %d roots touched within %d calls, %d in DROP (%.1f%%)",
			x.name, st.analyses, pct(st.withDrop, st.analyses), st.touched, quietWindow, st.dropped, pct(st.dropped, st.touched))
		if st.touched == 0 || float64(st.dropped) > maxDroppedShare*float64(st.touched) {
			t.Errorf("%s: %d of %d roots touched after were in DROP, want at most %.0f%%", x.name, st.dropped, st.touched, 100*maxDroppedShare)
		}
		if len(st.bad) > 0 {
			t.Errorf("%s: DROP entries that break a rule: %v", x.name, st.bad)
		}
	}
	if orange.withDrop == 0 {
		t.Error("no orange analysis has a DROP band: the rules drop nothing")
	}
}
