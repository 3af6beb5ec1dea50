package capture

import (
	"slices"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/redact"
)

// Bounds of a session's store.
const (
	MaxItems = 60        // items kept; corrections and the newest first
	maxFile  = 512 << 10 // the store file's read cap
)

// Store is a session's captured words and how far the transcript has
// been read for them. The caller holds the session lock while it loads,
// changes and saves it.
type Store struct {
	Items  []Item `json:"items"`
	Offset int64  `json:"offset"`         // transcript bytes already read for the user's words
	Path   string `json:"path,omitempty"` // the transcript Offset is in
	Tasks  Tasks  `json:"tasks"`          // open tasks and the error being chased
	// Pending is what the latest PreCompact asked the summary to keep
	// beyond the items, for the PostCompact check.
	Pending *Pending `json:"pending,omitempty"`
}

// Pending is the part of a compaction's guidance the PostCompact hook
// checks besides the user's words.
type Pending struct {
	T        int64    `json:"t"`
	InFlight []string `json:"inFlight,omitempty"`
	Preserve []string `json:"preserve,omitempty"`
}

// Load reads a store; a missing file is an empty store, and a damaged
// one is moved aside (fsutil.ReadOwnDecoded) and starts empty.
func Load(path string) Store {
	var s Store
	if _, err := fsutil.ReadOwnDecoded(path, maxFile, jsonx.Into(&s)); err != nil {
		return Store{}
	}
	if len(s.Items) > MaxItems {
		s.Items = bound(s.Items)
	}
	return s
}

// Save replaces the store atomically (0600).
func Save(path string, s Store) error {
	data, err := s.MarshalJSON()
	if err != nil {
		return err
	}
	return fsutil.WriteOwn(path, data, fsutil.NoSync)
}

// Add keeps the items not already held (by their words), redacted and
// stamped with now, and reports how many were new. An item already held
// without a record id gains the id of a later sighting.
func (s *Store) Add(now time.Time, items ...Item) int {
	added := 0
	for _, it := range items {
		it.Text, _ = redact.String(it.Text, redact.Credentials())
		it.About, _ = redact.String(it.About, redact.Credentials())
		if it.Text == "" {
			continue
		}
		key := it.Key()
		if i := slices.IndexFunc(s.Items, func(o Item) bool { return o.Key() == key }); i >= 0 {
			if s.Items[i].UUID == "" && it.UUID != "" {
				s.Items[i].UUID = it.UUID
			}
			continue
		}
		if it.T == 0 {
			it.T = now.Unix()
		}
		s.Items = append(s.Items, it)
		added++
	}
	if len(s.Items) > MaxItems {
		s.Items = bound(s.Items)
	}
	return added
}

// bound keeps MaxItems items: every correction first (the newest when
// there are more), then the newest of the others; the kept ones stay in
// the order they were captured.
func bound(items []Item) []Item {
	keep := make([]bool, len(items))
	n := 0
	for pass := 0; pass < 2 && n < MaxItems; pass++ {
		for i := len(items) - 1; i >= 0 && n < MaxItems; i-- {
			if !keep[i] && (pass == 1 || items[i].Kind == Correction) {
				keep[i] = true
				n++
			}
		}
	}
	out := make([]Item, 0, n)
	for i, it := range items {
		if keep[i] {
			out = append(out, it)
		}
	}
	return out
}
