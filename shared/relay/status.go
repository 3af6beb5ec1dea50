package relay

import (
	"fmt"
	"io"
	"sort"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
)

// Status is a project's relay as `si relay status` shows it.
type Status struct {
	Enabled bool     `json:"enabled"`
	Root    string   `json:"root"`
	Note    string   `json:"note"`
	Margin  int64    `json:"margin"`
	State   *State   `json:"state"`
	Convs   []ConvID `json:"conversations"`
}

// ConvID is a conversation with its id, newest first in [Status].
type ConvID struct {
	SID string `json:"sid"`
	Conv
	Threshold int64 `json:"threshold"`
}

// NewStatus gathers a project's relay status.
func NewStatus(set Settings, root string, st *State) Status {
	s := Status{Enabled: set.Enabled, Root: root, Note: set.NotePath(root), Margin: set.Margin, State: st}
	for id, cv := range st.Convs {
		s.Convs = append(s.Convs, ConvID{SID: id, Conv: *cv, Threshold: cv.Threshold(set.Margin)})
	}
	sort.Slice(s.Convs, func(i, j int) bool { return s.Convs[i].Seen.After(s.Convs[j].Seen) })
	return s
}

// Write prints the status for a person.
func (s Status) Write(w io.Writer, now time.Time) {
	st := s.State
	on := "off (relay.enabled=false; si relay run works regardless)"
	if s.Enabled {
		on = "on"
	}
	fmt.Fprintf(w, "relay %s · project %s\n", on, s.Root)
	fmt.Fprintf(w, "phase %s", st.Phase)
	if !st.Since.IsZero() {
		fmt.Fprintf(w, " for %s", humanize.Duration(now.Sub(st.Since)))
	}
	if st.Phase != Armed {
		fmt.Fprintf(w, " · driver %s · conversation %s", st.Driver, short(st.OwnerSID))
	}
	fmt.Fprintf(w, " · %d relays done · note %s · margin %s\n", st.Relays, s.Note, humanize.Tokens(s.Margin))
	if st.holding() {
		fmt.Fprintf(w, "held prompts: %d, sent again after the resume\n", len(st.Held)+len(st.Kept))
	}
	for i, c := range s.Convs {
		if i == 5 {
			fmt.Fprintf(w, "  … %d more\n", len(s.Convs)-i)
			break
		}
		fmt.Fprintf(w, "  conversation %s: started at %s, now %s, relays at %s\n", short(c.SID), humanize.Tokens(c.Base), humanize.Tokens(c.Tokens), humanize.Tokens(c.Threshold))
	}
	if len(st.History) == 0 {
		fmt.Fprintln(w, "no history yet")
		return
	}
	fmt.Fprintln(w, "history:")
	for _, e := range st.History[max(0, len(st.History)-15):] {
		fmt.Fprintf(w, "  %s  %-10s %-8s %s\n", e.At.Local().Format("2006-01-02 15:04:05"), e.Event, e.SID, e.Detail)
	}
}
