// Package view renders an agent's thread as one short view and opens
// its lines: the newest turns with every item, the turns before them with
// the message and final reply word for word and the work summarised, and
// the older turns on a line each or, where they do not fit, on shared
// lines over runs of turns (package memory's aligned blocks, so a shared
// line's summary stays valid as the thread grows).
package view

import (
	"github.com/session-intelligence/session-intelligence/shared/ai/memory"
	"github.com/session-intelligence/session-intelligence/shared/ai/settings"
)

// Layout is which turns the view shows how. Turn numbers are indices
// into the thread's turns.
type Layout struct {
	// Older are the older turns' entries, oldest first: one turn, or a
	// run of turns on a shared line.
	Older []memory.Block
	// Recent and Latest are the runs [Lo, Hi) shown word for word.
	Recent, Latest memory.Block
}

// NewLayout lays out n turns by [agent.view]: latest turns with every
// item, recent ones before them, and total entries in all (a turn or a
// line is one), the newest single older turns kept on a line each and
// shared lines taking the rest.
func NewLayout(n int, v settings.AgentView) Layout {
	latest := min(v.Latest, n)
	recent := min(v.Recent, n-latest)
	older := n - latest - recent
	l := Layout{Latest: memory.Block{Lo: n - latest, Hi: n}, Recent: memory.Block{Lo: older, Hi: older + recent}}
	room := max(v.Total-latest-recent, 1)
	if older <= room {
		for i := range older {
			l.Older = append(l.Older, memory.Block{Lo: i, Hi: i + 1})
		}
		return l
	}
	singles := min(v.Single, room-1)
	folded := older - singles
	l.Older = memory.Cover(folded, room-singles)
	for i := folded; i < older; i++ {
		l.Older = append(l.Older, memory.Block{Lo: i, Hi: i + 1})
	}
	return l
}
