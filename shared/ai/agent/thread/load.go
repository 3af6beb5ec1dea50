package thread

import (
	"fmt"
	"slices"
	"strconv"
	"time"
)

// Thread is an agent's thread as its records describe it.
type Thread struct {
	Agent   Agent
	Created time.Time
	// Sessions by id, and their ids in the order they were (last)
	// attached.
	Sessions map[string]*Session
	Order    []string
	// Turns are the turns of every session, in the order they were found.
	Turns []Turn
}

// Session is one Claude Code session of the thread.
type Session struct {
	ID, Transcript, Cwd string
	// Attached is true until it is detached; Ended once it ended.
	Attached, Ended  bool
	AttachedAt, Last time.Time
	Turns            int
	// Size is how much of its transcript is copied.
	Size int64
}

// Turn is one turn: the person's message and everything up to the next
// one, bytes [Start, End) of its session's transcript.
type Turn struct {
	Index      int
	Session    string
	Start, End int64
	At         time.Time
	Prompt     string
	UUID       string
	// Last is true for the newest turn of a session still attached:
	// more of it may come.
	Last bool
}

// Key names a turn across renumbering: its session and offset.
func (t Turn) Key() string { return t.Session + "@" + strconv.FormatInt(t.Start, 10) }

// Load reads the thread. A newer format is refused; a partial last line
// (a crash) is left out here and cut by the next write.
func Load(a Agent) (*Thread, error) {
	th := &Thread{Agent: a, Sessions: map[string]*Session{}}
	var recs []Record
	_, err := readLines(a.records(), 0, decodeJSON[Record], func(r Record) { recs = append(recs, r) })
	if len(recs) > 0 && recs[0].Format > Format {
		// A newer ai may write lines this one cannot read: say so first.
		return nil, fmt.Errorf("agent %s: %w (format %d, this ai reads up to %d); install a newer ai", a.Name, ErrNewer, recs[0].Format, Format)
	}
	if err != nil {
		return nil, err
	}
	if len(recs) == 0 || recs[0].Kind != KindCreated {
		return nil, fmt.Errorf("%s: %w: its first record is not the agent's creation", a.records().Dir, ErrDamaged)
	}
	th.Created = recs[0].At
	var turns []Turn
	seen := map[string]bool{}
	for _, r := range recs[1:] {
		turns = th.apply(r, turns, seen)
	}
	return th, th.finish(turns)
}

// apply folds one record into the thread; an attach (or a rewritten
// transcript) starts its session's turns over.
func (th *Thread) apply(r Record, turns []Turn, seen map[string]bool) []Turn {
	s := th.Sessions[r.Session]
	if s == nil && r.Session != "" {
		s = &Session{ID: r.Session}
		th.Sessions[r.Session] = s
	}
	switch r.Kind {
	case KindAttach, KindRewritten:
		turns = slices.DeleteFunc(turns, func(t Turn) bool { return t.Session == r.Session })
		for k := range seen {
			if len(k) > len(r.Session) && k[:len(r.Session)+1] == r.Session+"@" {
				delete(seen, k)
			}
		}
		if r.Kind == KindAttach {
			s.Transcript, s.Cwd, s.Attached, s.Ended, s.AttachedAt = r.Transcript, r.Cwd, true, false, r.At
			th.Order = append(slices.DeleteFunc(th.Order, func(id string) bool { return id == r.Session }), r.Session)
		}
	case KindDetach:
		s.Attached = false
	case KindEnd:
		s.Ended = true
	case KindResume:
		s.Ended = false
	case KindTurn:
		t := Turn{Session: r.Session, Start: r.Start, At: r.At, Prompt: r.Prompt, UUID: r.UUID}
		if !seen[t.Key()] { // a record written twice around a crash
			seen[t.Key()] = true
			turns = append(turns, t)
		}
	}
	if s != nil && r.At.After(s.Last) {
		s.Last = r.At
	}
	return turns
}

// finish numbers the turns and works out where each ends.
func (th *Thread) finish(turns []Turn) error {
	next := map[string]int64{} // session → start of the turn after
	for _, id := range th.Order {
		size, err := th.Agent.Copy(id).Size()
		if err != nil {
			return err
		}
		th.Sessions[id].Size = size
		next[id] = size
	}
	for i := len(turns) - 1; i >= 0; i-- {
		t := &turns[i]
		s := th.Sessions[t.Session]
		end, ok := next[t.Session]
		if !ok {
			end = s.Size
		}
		t.Last = end == s.Size && s.Attached && !s.Ended
		t.End, next[t.Session] = end, t.Start
		s.Turns++
	}
	for i := range turns {
		turns[i].Index = i
	}
	th.Turns = turns
	return nil
}

// Summaries reads the summaries: the newest line for each kind and key.
func (a Agent) Summaries() (map[string]Summary, error) {
	out := map[string]Summary{}
	_, err := readLines(a.summaries(), 0, decodeSummary, func(s Summary) { out[s.Kind+" "+s.Key] = s })
	return out, err
}

// ReadSummaries reads the summary lines from byte off on and returns
// the offset after them, to pick up lines another process added.
func (a Agent) ReadSummaries(off int64, fn func(Summary)) (int64, error) {
	return readLines(a.summaries(), off, decodeSummary, fn)
}

// AddSummary appends one summary line.
func (a Agent) AddSummary(s Summary) error {
	if _, err := repairTail(a.summaries()); err != nil {
		return err
	}
	return appendLine(a.summaries(), s)
}

// SummaryCount is the size of the summaries file, to notice new lines.
func (a Agent) SummaryCount() (int64, error) { return a.summaries().Size() }
