// Package history keeps ~/.claude/logs/compact-history.jsonl, one entry
// per compaction across every session, which the adaptive zones learn
// from and the regret detector stamps. Writers take a lock; the file is
// bounded (200 entries, 256 KB) by moving the oldest entries to
// compact-history.jsonl.1. A line that does not parse is skipped by
// readers but kept by writers: nothing in the file is ever lost by us.
package history

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/lock"
)

// Bounds of the file.
const (
	MaxEntries = 200
	MaxBytes   = 256 << 10
)

// Entry is one compaction.
type Entry struct {
	T           int64    `json:"t"` // unix seconds
	SID         string   `json:"sid"`
	Cwd         string   `json:"cwd"`
	Tokens      int64    `json:"tokens"` // context size when it compacted
	Cost        float64  `json:"cost"`   // session cost so far, USD
	Trigger     string   `json:"trigger,omitempty"`
	Window      int64    `json:"window,omitempty"` // the model's context window, when known
	Point       int64    `json:"point,omitempty"`  // where auto-compaction was due; 0 when off or unknown
	Source      string   `json:"source,omitempty"` // "hook" or "learn" (seeded from old transcripts)
	HotDirs     []string `json:"hotDirs"`
	WarmDirs    []string `json:"warmDirs,omitempty"`
	DroppedDirs []string `json:"droppedDirs"`
	HadShift    bool     `json:"hadShift"`
	// Filled when the regret window closes.
	RegretCount         float64  `json:"regretCount"` // weighted hard regret
	RegretHits          int      `json:"regretHits,omitempty"`
	RegretDirs          []string `json:"regretDirs,omitempty"`
	SoftRegretCount     float64  `json:"softRegretCount,omitempty"`
	SoftRegretHits      int      `json:"softRegretHits,omitempty"`
	SoftRegretDirs      []string `json:"softRegretDirs,omitempty"`
	PositiveHits        int      `json:"positiveHits,omitempty"`
	PositiveWeight      float64  `json:"positiveWeight,omitempty"`
	ContinuationQuality *float64 `json:"continuationQuality,omitempty"`
	WindowClosed        bool     `json:"windowClosed,omitempty"`
	// Filled by the PostCompact check of the summary.
	Retention *Retention `json:"retention,omitempty"`
}

// Retention is what a compaction's summary kept of what had to survive
// it (package retention judges it).
type Retention struct {
	Words     int  `json:"words"`               // the user's captured rules, corrections and decisions
	Verbatim  int  `json:"verbatim"`            // kept word for word
	Substance int  `json:"substance"`           // kept in substance
	Restored  int  `json:"restored"`            // lost, and given back to the model after the compaction
	InFlight  int  `json:"inFlight"`            // files in flight
	Named     int  `json:"named"`               // of them, named by the summary
	Preserve  int  `json:"preserve"`            // PRESERVE roots
	Kept      int  `json:"kept"`                // of them, named by the summary
	Unchecked bool `json:"unchecked,omitempty"` // Claude Code sent no summary to check
}

// Path is the history file in a logs directory.
func Path(logs string) string { return filepath.Join(logs, "compact-history.jsonl") }

// lockWait bounds how long a writer waits for another.
const lockWait = 2 * time.Second

// maxRead is how much of the file is read: its newest part when a
// foreign or runaway file grew past it.
const maxRead = 4 * MaxBytes

// Read returns the entries, oldest first, skipping lines that do not
// parse. A missing file is empty; one that is no regular file is moved
// aside ([fsutil.ReadOwnTail]) and empty; of one over 1 MB the newest
// 1 MB is read.
func Read(path string) ([]Entry, error) {
	data, _, err := fsutil.ReadOwnTail(path, maxRead)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Entry
	for _, line := range bytes.Split(data, []byte("\n")) {
		var e Entry
		if len(line) > 0 && jsonx.Unmarshal(line, &e) == nil && e.T > 0 {
			out = append(out, e)
		}
	}
	return out, nil
}

// Append adds entries under the lock, then bounds the file.
func Append(path string, entries ...Entry) error {
	return edit(path, func(lines [][]byte) ([][]byte, error) {
		for _, e := range entries {
			line, err := marshal(e)
			if err != nil {
				return nil, err
			}
			lines = append(lines, line)
		}
		return lines, nil
	})
}

// Update applies fn to every entry that match selects, under the lock.
// It reports whether any entry matched.
func Update(path string, match func(Entry) bool, fn func(*Entry)) (bool, error) {
	found := false
	err := edit(path, func(lines [][]byte) ([][]byte, error) {
		for i, line := range lines {
			var e Entry
			if jsonx.Unmarshal(line, &e) != nil || !match(e) {
				continue // unparsable lines are kept as they are
			}
			fn(&e)
			out, err := marshal(e)
			if err != nil {
				return nil, err
			}
			lines[i], found = out, true
		}
		return lines, nil
	})
	return found, err
}

// marshal encodes e with every figure finite: a cost of +Inf (a price of
// 1e308 in the configuration) or a NaN is recorded as 0, never a reason
// to lose the entry.
func marshal(e Entry) ([]byte, error) {
	if e.ContinuationQuality != nil {
		q := *e.ContinuationQuality // the caller's stays as it is
		e.ContinuationQuality = &q
	}
	for _, f := range []*float64{&e.Cost, &e.RegretCount, &e.SoftRegretCount, &e.PositiveWeight, e.ContinuationQuality} {
		if f != nil && (math.IsInf(*f, 0) || math.IsNaN(*f)) {
			*f = 0
		}
	}
	return e.MarshalJSON()
}

// edit rewrites the file through fn under the lock, keeping at most
// MaxEntries lines and MaxBytes in it; older lines go to path+".1". A
// file over 1 MB (never one of ours) is moved aside whole and its
// newest lines carried on; one that is no regular file is moved aside.
func edit(path string, fn func(lines [][]byte) ([][]byte, error)) error {
	if err := fsutil.PrivateDir(filepath.Dir(path)); err != nil {
		return err
	}
	return lock.With(path+".lock", lockWait, func() error {
		data, cut, err := fsutil.ReadOwnTail(path, maxRead)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		if cut { // rotated whole: nothing of it is lost, and recording goes on
			if fi, err := os.Lstat(path); err == nil {
				if _, err := fsutil.MoveAside(path, fi, fmt.Errorf("%w: over %d bytes", fsutil.ErrTooLarge, maxRead)); err != nil {
					return err
				}
			}
		}
		var lines [][]byte
		for _, l := range bytes.Split(data, []byte("\n")) {
			if len(bytes.TrimSpace(l)) > 0 {
				lines = append(lines, l)
			}
		}
		if lines, err = fn(lines); err != nil {
			return err
		}
		keep := bound(lines)
		if keep > 0 {
			if err := rotate(path, lines[:keep]); err != nil {
				return err
			}
		}
		return fsutil.WriteOwn(path, join(lines[keep:]), fsutil.Sync)
	})
}

// bound returns how many of the oldest lines must leave the file.
func bound(lines [][]byte) int {
	drop := max(0, len(lines)-MaxEntries)
	size := 0
	for _, l := range lines[drop:] {
		size += len(l) + 1
	}
	for size > MaxBytes && drop < len(lines) {
		size -= len(lines[drop]) + 1
		drop++
	}
	return drop
}

// rotate moves the oldest lines to path.1 (which keeps only the last
// rotation's worth), so nothing disappears in the step that trims.
func rotate(path string, old [][]byte) error {
	return fsutil.WriteOwn(path+".1", join(old), fsutil.Sync)
}

func join(lines [][]byte) []byte {
	if len(lines) == 0 {
		return nil
	}
	return append(bytes.Join(lines, []byte("\n")), '\n')
}
