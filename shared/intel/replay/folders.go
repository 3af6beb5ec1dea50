package replay

import (
	"fmt"
	"github.com/session-intelligence/session-intelligence/shared/intel/retention"
	"slices"
	"sort"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/intel/regret"
)

// This file measures what a compaction's bands were worth to the work
// that followed it (shared/reference/outcome-measures.md, "What the
// session needs next"): the roots its regret window touched, the top
// level "." left out, each checked against the summary Claude Code
// really wrote, the PRESERVE bands (HOT or WARM) and the DROP band; and
// the DROP band itself, for entries no summariser should be told to
// drop. A root in no band (new work) is in no hit, and not counted.

// Folders is one compaction's folder measures.
type Folders struct {
	// Summarized is true when an isCompactSummary record followed the
	// compaction; Touched is checked against the summary only then.
	Summarized bool           `json:"summarized"`
	Touched    []FolderCheck  `json:"touched"`
	BadDrop    []BadDropEntry `json:"badDrop"` // DROP entries that break a safety rule
}

// FolderCheck is one root touched after a compaction and where it stood.
type FolderCheck struct {
	Root     string `json:"root"`
	Summary  bool   `json:"summary"`  // the real summary names it as a path
	Preserve bool   `json:"preserve"` // HOT or WARM
	Drop     bool   `json:"drop"`     // COLD
}

// BadDropEntry is a DROP entry that is the top level, outside the
// project, or listed beside its own subfolder or parent.
type BadDropEntry struct {
	Root string `json:"root"`
	Why  string `json:"why"` // top, outside, nested
}

// FolderTotals sums the folder measures: the roots over compactions
// with a summary, the DROP entries over all.
type FolderTotals struct {
	Compactions int `json:"compactions"` // followed by a summary record
	Touched     int `json:"touched"`     // roots touched after them
	Named       int `json:"named"`       // of those, named by the summary
	Preserved   int `json:"preserved"`   // in PRESERVE (HOT or WARM)
	Dropped     int `json:"dropped"`     // in DROP
	// DropEntries counts the DROP bands' roots over all compactions,
	// BadDrop those that break a safety rule, WithDrop the compactions
	// whose DROP band was not empty.
	DropEntries int `json:"dropEntries"`
	BadDrop     int `json:"badDrop"`
	WithDrop    int `json:"withDrop"`
}

// folders measures every compaction once the transcript is read: the
// roots its regret window touched (its positive, soft and hard hits: the
// first regret.WindowCalls calls after it, up to 30 minutes and the next
// compaction), against its summary and bands.
func (p *player) folders() {
	for i := range p.rep.Compactions {
		c := &p.rep.Compactions[i]
		summary, ok := p.summaries[i]
		f := Folders{Summarized: ok, Touched: []FolderCheck{}, BadDrop: badDrop(c.Cold, allRoots(*c))}
		var names *retention.Paths
		if ok {
			names = retention.NewPaths(summary)
		}
		for _, root := range touchedAfter(c.Regret) {
			f.Touched = append(f.Touched, FolderCheck{Root: root, Summary: names.Has(root),
				Preserve: slices.Contains(c.Hot, root) || slices.Contains(c.Warm, root), Drop: slices.Contains(c.Cold, root)})
		}
		c.Folders = f
	}
}

// touchedAfter lists the roots a regret window touched, in order of
// first touch, the top level left out.
func touchedAfter(o Outcome) []string {
	hits := append(append(append([]regret.Hit{}, o.Positive...), o.Soft...), o.Hard...)
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].T < hits[j].T })
	var out []string
	for _, h := range hits {
		if h.Root != "." && !slices.Contains(out, h.Root) {
			out = append(out, h.Root)
		}
	}
	return out
}

// allRoots lists every root of a compaction's bands.
func allRoots(c Compaction) []string {
	return append(append(append([]string{}, c.Hot...), c.Warm...), c.Cold...)
}

// badDrop checks each DROP root against the rules no summariser should be
// told otherwise: not the top level, not outside the project (an
// absolute root), not beside its own parent or subfolder.
func badDrop(drop, all []string) []BadDropEntry {
	out := []BadDropEntry{}
	for _, root := range drop {
		switch {
		case root == ".":
			out = append(out, BadDropEntry{root, "top"})
		case strings.HasPrefix(root, "/"):
			out = append(out, BadDropEntry{root, "outside"})
		case nestedIn(root, all):
			out = append(out, BadDropEntry{root, "nested"})
		}
	}
	return out
}

// nestedIn reports whether another root of list is root's parent or
// subfolder.
func nestedIn(root string, list []string) bool {
	for _, other := range list {
		if other != root && other != "." && (strings.HasPrefix(other, root+"/") || strings.HasPrefix(root, other+"/")) {
			return true
		}
	}
	return false
}

// folderTotals sums the folder measures of compactions.
func folderTotals(cs []Compaction) FolderTotals {
	var t FolderTotals
	for _, c := range cs {
		t.DropEntries += len(c.Cold)
		t.BadDrop += len(c.Folders.BadDrop)
		if len(c.Cold) > 0 {
			t.WithDrop++
		}
		if !c.Folders.Summarized {
			continue
		}
		t.Compactions++
		for _, f := range c.Folders.Touched {
			t.Touched++
			t.Named += b2i(f.Summary)
			t.Preserved += b2i(f.Preserve)
			t.Dropped += b2i(f.Drop)
		}
	}
	return t
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// The corpus table's columns of the folder measures (table.go).
const (
	folderHeads   = " roots touched after | named by the summary | in PRESERVE | in DROP | DROP entries breaking a rule | compactions with a DROP band |"
	folderColumns = 6
)

func folderCells(t Totals) string {
	f := t.Folders
	return fmt.Sprintf(" %d | %s | %s | %s | %s | %d of %d |", f.Touched, share(f.Named, f.Touched), share(f.Preserved, f.Touched),
		share(f.Dropped, f.Touched), share(f.BadDrop, f.DropEntries), f.WithDrop, t.Compactions)
}

// folderLine is a compaction's folder measures in the timeline.
func folderLine(f Folders) string {
	var named, kept, dropped []string
	for _, c := range f.Touched {
		if c.Summary {
			named = append(named, c.Root)
		}
		if c.Preserve {
			kept = append(kept, c.Root)
		}
		if c.Drop {
			dropped = append(dropped, c.Root)
		}
	}
	s := fmt.Sprintf("touched after: %d %s", len(f.Touched), plural(len(f.Touched), "root"))
	if f.Summarized {
		s += fmt.Sprintf(" · named by the summary %d (%s)", len(named), list(named))
	} else {
		s += " · no summary record"
	}
	s += fmt.Sprintf(" · in PRESERVE %d · in DROP %d (%s)", len(kept), len(dropped), list(dropped))
	for _, b := range f.BadDrop {
		s += fmt.Sprintf(" · DROP %s breaks a rule (%s)", b.Root, b.Why)
	}
	return s
}

// folderTotalsLine sums the folder measures in the timeline's totals.
func folderTotalsLine(t Totals) string {
	f := t.Folders
	return fmt.Sprintf("roots touched after %d: named by the summary %s, in PRESERVE %s, in DROP %s · DROP entries breaking a rule %s · DROP band in %d of %d compactions",
		f.Touched, share(f.Named, f.Touched), share(f.Preserved, f.Touched), share(f.Dropped, f.Touched), share(f.BadDrop, f.DropEntries), f.WithDrop, t.Compactions)
}
