// Package regret watches what a session touches right after a
// compaction. The compaction was told to preserve the HOT directories and
// to drop the COLD ones; touching a dropped directory again within the
// window is hard regret (the context was needed after all), touching a
// WARM one is soft regret, and touching a HOT one is a positive hit. The
// weighted counts are stamped on the compaction's history entry, and the
// hard-regret rate pushes the adaptive zones out.
package regret

import (
	"math"
	"regexp"
	"slices"
	"sync"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/intel/history"
)

// The window after a compaction.
const (
	WindowCalls = 30
	WindowTime  = 30 * time.Minute
	softDampen  = 0.5
)

// Hit is one touch of a banded directory.
type Hit struct {
	T      int64   `json:"t"`
	Root   string  `json:"root"`
	Tool   string  `json:"tool"`
	Weight float64 `json:"weight"`
}

// Snapshot is the bands a compaction was given and what happened since.
type Snapshot struct {
	T           int64    `json:"t"` // the history entry's t
	SID         string   `json:"sid"`
	Tokens      int64    `json:"tokens"`
	HotDirs     []string `json:"hotDirs"`
	WarmDirs    []string `json:"warmDirs"`
	DroppedDirs []string `json:"droppedDirs"`
	CallsSince  int      `json:"callsSince"`
	Regret      []Hit    `json:"regretHits"`
	Soft        []Hit    `json:"softRegretHits"`
	Positive    []Hit    `json:"positiveHits"`
}

var cleanup = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\s*(git\s+(add|commit|push|status|diff|log)\b|gh\s+pr\b)`)
})

// Weight is how much a touch by tool says the context was needed: a Read
// re-reads what was dropped (1), a search nearly so (0.7), a Bash run
// half (0.5), an edit little (0.3, the file was re-read first or not
// needed), and git bookkeeping hardly at all (0.1).
func Weight(tool, command string) float64 {
	switch tool {
	case "Read":
		return 1
	case "Grep", "Glob":
		return 0.7
	case "Edit", "Write", "MultiEdit", "NotebookEdit":
		return 0.3
	case "Bash":
		if cleanup().MatchString(command) {
			return 0.1
		}
	}
	return 0.5
}

// Observe records one tool call that touched root (may be "" for a call
// that touched no directory, which still counts toward the window). It
// returns true when the window has closed with this call; the caller
// then stamps the history and drops the snapshot.
func (s *Snapshot) Observe(root, tool, command string, now time.Time) bool {
	if now.Sub(time.Unix(s.T, 0)) > WindowTime {
		return true
	}
	s.CallsSince++
	if root != "" {
		hit := Hit{T: now.Unix(), Root: root, Tool: tool, Weight: Weight(tool, command)}
		switch {
		case slices.Contains(s.DroppedDirs, root):
			s.Regret = append(s.Regret, hit)
		case slices.Contains(s.HotDirs, root):
			s.Positive = append(s.Positive, hit)
		case slices.Contains(s.WarmDirs, root):
			hit.Weight *= softDampen
			s.Soft = append(s.Soft, hit)
		}
	}
	return s.CallsSince >= WindowCalls
}

// Stamp writes the window's outcome onto a history entry.
func (s *Snapshot) Stamp(e *history.Entry) {
	e.WindowClosed = true
	e.RegretCount, e.RegretHits, e.RegretDirs = sum(s.Regret), len(s.Regret), dirs(s.Regret)
	e.SoftRegretCount, e.SoftRegretHits, e.SoftRegretDirs = sum(s.Soft), len(s.Soft), dirs(s.Soft)
	e.PositiveHits, e.PositiveWeight = len(s.Positive), sum(s.Positive)
	if den := e.PositiveWeight + e.RegretCount; den > 0 {
		q := round2((e.PositiveWeight - e.RegretCount) / den)
		e.ContinuationQuality = &q
	}
}

func sum(hits []Hit) float64 {
	total := 0.0
	for _, h := range hits {
		total += h.Weight
	}
	return round2(total)
}

func dirs(hits []Hit) []string {
	var out []string
	for _, h := range hits {
		if !slices.Contains(out, h.Root) {
			out = append(out, h.Root)
		}
	}
	return out
}

func round2(f float64) float64 { return math.Round(f*100) / 100 }
