// Package archive keeps large tool responses after they have left the
// context: one private file per response (0600, secrets redacted before
// anything touches the disk) plus an index per session, bounded by an LRU
// cap and a time-to-live. `si expand <tool_use_id>` replays them.
package archive

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/redact"
)

// Record is one archived response as stored in <id>.json.
type Record struct {
	ID        string           `json:"id"`
	SID       string           `json:"sid"`
	Tool      string           `json:"tool"`
	T         int64            `json:"t"` // unix milliseconds
	Chars     int              `json:"chars"`
	Redacted  redact.Report    `json:"redacted,omitempty"`
	ToolInput jsonx.RawMessage `json:"tool_input,omitempty"`
	Response  jsonx.RawMessage `json:"tool_response"`
}

// Entry is one line of index.jsonl.
type Entry struct {
	ID      string `json:"id"`
	T       int64  `json:"t"`
	Tool    string `json:"tool"`
	Chars   int    `json:"chars"`
	Preview string `json:"preview"`
}

// Store is the archive directory of one session.
type Store struct {
	Dir string // <session dir>/archive
	SID string
}

// Limits bound a store.
type Limits struct {
	MaxPerSession int
	TTL           time.Duration
}

const previewLen = 160

// Save archives one response, then enforces the limits. The caller holds
// the session lock. The record file is written atomically and durably
// before the index points at it.
func (s Store) Save(id, tool string, input, response jsonx.RawMessage, now time.Time, lim Limits) (Entry, error) {
	id = paths.SessionID(id)
	if id == "" {
		return Entry{}, fmt.Errorf("archive: no tool_use_id")
	}
	if err := fsutil.PrivateDir(s.Dir); err != nil {
		return Entry{}, err
	}
	body, rep := redact.Bytes(response, redact.Credentials())
	in, inRep := redact.Bytes(input, redact.Credentials())
	for k, n := range inRep {
		if rep == nil {
			rep = redact.Report{}
		}
		rep[k] += n
	}
	rec := Record{ID: id, SID: s.SID, Tool: tool, T: now.UnixMilli(), Chars: len(response), Redacted: rep, ToolInput: in, Response: body}
	data, err := jsonx.Marshal(rec)
	if err != nil {
		return Entry{}, fmt.Errorf("archive %s: %w", id, err)
	}
	if err := fsutil.WriteOwn(s.file(id), data, fsutil.Sync); err != nil {
		return Entry{}, err
	}
	e := Entry{ID: id, T: rec.T, Tool: tool, Chars: rec.Chars, Preview: preview(body)}
	return e, s.updateIndex(e, now, lim)
}

func (s Store) file(id string) string { return filepath.Join(s.Dir, id+".json") }

func (s Store) index() string { return filepath.Join(s.Dir, "index.jsonl") }

// updateIndex adds e (replacing an older entry of the same id), drops
// entries past the TTL and beyond the cap, and deletes their files.
func (s Store) updateIndex(e Entry, now time.Time, lim Limits) error {
	entries, _ := s.List()
	keep := make([]Entry, 0, len(entries)+1)
	var drop []Entry
	cutoff := now.Add(-lim.TTL).UnixMilli()
	for _, old := range entries {
		switch {
		case old.ID == e.ID:
		case lim.TTL > 0 && old.T < cutoff:
			drop = append(drop, old)
		default:
			keep = append(keep, old)
		}
	}
	keep = append(keep, e)
	if lim.MaxPerSession > 0 && len(keep) > lim.MaxPerSession {
		drop = append(drop, keep[:len(keep)-lim.MaxPerSession]...)
		keep = keep[len(keep)-lim.MaxPerSession:]
	}
	var buf []byte
	for _, k := range keep {
		line, _ := jsonx.Marshal(k)
		buf = append(append(buf, line...), '\n')
	}
	if err := fsutil.WriteOwn(s.index(), buf, fsutil.Sync); err != nil {
		return err
	}
	for _, d := range drop {
		_ = os.Remove(s.file(d.ID))
	}
	return nil
}

// List returns the index, oldest first; a damaged index is moved aside
// (the archived files stay, and the next save starts a fresh index).
func (s Store) List() ([]Entry, error) {
	raw, err := fsutil.ReadOwn(s.index(), 16<<20)
	if err != nil {
		return nil, err
	}
	var out []Entry
	for _, line := range strings.Split(string(raw), "\n") {
		var e Entry
		if line != "" && jsonx.Unmarshal([]byte(line), &e) == nil && e.ID != "" {
			out = append(out, e)
		}
	}
	return out, nil
}

// Load reads one archived record.
func (s Store) Load(id string) (Record, error) {
	var rec Record
	data, err := fsutil.ReadCapped(s.file(paths.SessionID(id)), 1<<30)
	if err != nil {
		return rec, err
	}
	if err := jsonx.Unmarshal(data, &rec); err != nil {
		return rec, fmt.Errorf("archive %s: %w", id, err)
	}
	return rec, nil
}

// preview is the start of the response with white space collapsed.
func preview(body []byte) string {
	text := Render(body)
	text = strings.Join(strings.Fields(text), " ")
	if r := []rune(text); len(r) > previewLen {
		text = string(r[:previewLen]) + "…"
	}
	return text
}

// Prune applies the limits without adding anything and returns how many
// archives were removed.
func (s Store) Prune(now time.Time, lim Limits) (int, error) {
	entries, err := s.List()
	if err != nil {
		return 0, err
	}
	cutoff := now.Add(-lim.TTL).UnixMilli()
	var keep, drop []Entry
	for _, e := range entries {
		if lim.TTL > 0 && e.T < cutoff {
			drop = append(drop, e)
		} else {
			keep = append(keep, e)
		}
	}
	if lim.MaxPerSession > 0 && len(keep) > lim.MaxPerSession {
		drop = append(drop, keep[:len(keep)-lim.MaxPerSession]...)
		keep = keep[len(keep)-lim.MaxPerSession:]
	}
	if len(drop) == 0 {
		return 0, nil
	}
	var buf []byte
	for _, k := range keep {
		line, _ := jsonx.Marshal(k)
		buf = append(append(buf, line...), '\n')
	}
	if err := fsutil.WriteOwn(s.index(), buf, fsutil.Sync); err != nil {
		return 0, err
	}
	for _, d := range drop {
		_ = os.Remove(s.file(d.ID))
	}
	return len(drop), nil
}
