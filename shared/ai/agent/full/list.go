package full

import (
	"slices"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
)

// Listing is one agent as `ai agent list` shows it.
type Listing struct {
	Name     string
	Turns    int
	Last     time.Time
	Sessions []thread.Session
	// Err is set when its thread could not be read.
	Err error
}

// List returns the agents, the most recently active first, each with
// its sessions, newest first.
func (w *Workspace) List() ([]Listing, error) {
	names, err := w.Agents()
	if err != nil {
		return nil, err
	}
	out := make([]Listing, 0, len(names))
	for _, name := range names {
		l := Listing{Name: name}
		th, err := thread.Load(thread.Agent{Root: w.Root(), Name: name})
		if err != nil {
			l.Err = err
			out = append(out, l)
			continue
		}
		l.Turns, l.Last = len(th.Turns), th.Created
		for _, s := range th.Sessions {
			l.Sessions = append(l.Sessions, *s)
			if s.Last.After(l.Last) {
				l.Last = s.Last
			}
		}
		slices.SortFunc(l.Sessions, func(a, b thread.Session) int { return b.Last.Compare(a.Last) })
		out = append(out, l)
	}
	slices.SortStableFunc(out, func(a, b Listing) int { return b.Last.Compare(a.Last) })
	return out, nil
}
