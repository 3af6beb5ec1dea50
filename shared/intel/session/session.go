// Package session holds the private per-session state the hooks keep
// (<state>/sessions/<sid>/state.json): tool-call count, the tool-I/O
// token estimate, the zone last announced, and bookkeeping for the shape
// log. Writers take the session lock; the file is replaced atomically.
package session

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/lock"
	"github.com/session-intelligence/session-intelligence/shared/intel/pressure"
)

// State is one session's state.json.
type State struct {
	Calls       int            `json:"calls"`               // PostToolUse fires
	Estimate    int64          `json:"estimate"`            // tool-I/O token estimate, cumulative
	Tokens      int64          `json:"tokens"`              // context tokens at the last call
	TokenSource string         `json:"tokenSource"`         // transcript or estimate
	Zone        string         `json:"zone"`                // zone last announced (or re-armed to)
	ZoneTokens  int64          `json:"zoneTokens"`          // tokens when Zone was set
	ZoneSent    int            `json:"zoneSent,omitempty"`  // advisories since the compaction counted in ZoneEpoch
	ZoneEpoch   int            `json:"zoneEpoch,omitempty"` // compactions the transcript showed when ZoneSent was counted
	Advisories  int            `json:"advisories"`          // advisories sent to the model
	ShapeLines  int            `json:"shapeLines"`          // lines in the shape log
	Archived    int            `json:"archived"`            // responses archived
	NoLagWait   bool           `json:"noLagWait"`           // transcript never caught up; stop waiting
	Pressure    pressure.Cache `json:"pressure"`            // Claude Code's settings and the zones they give, cached
	Announced   string         `json:"announced,omitempty"` // learned zones last mentioned (learning.announce)
	Cwd         string         `json:"cwd"`
	Updated     int64          `json:"updated"` // unix seconds
}

// Dir is one session's private directory.
type Dir string

// StateFile, ShapeLog, ArchiveDir, LockFile and Snapshot name the
// session's files.
func (d Dir) StateFile() string  { return filepath.Join(string(d), "state.json") }
func (d Dir) ShapeLog() string   { return filepath.Join(string(d), "shape.jsonl") }
func (d Dir) ArchiveDir() string { return filepath.Join(string(d), "archive") }
func (d Dir) LockFile() string   { return filepath.Join(string(d), ".lock") }
func (d Dir) Snapshot() string   { return filepath.Join(string(d), "compact-snapshot.json") }

// CaptureFile holds the user's captured words and the session's open
// work (package capture); RestoreFile what the last compaction's summary
// lost, for the resume after it.
func (d Dir) CaptureFile() string { return filepath.Join(string(d), "capture.json") }
func (d Dir) RestoreFile() string { return filepath.Join(string(d), "restore.json") }

// maxState caps state.json reads.
const maxState = 64 << 10

// Load reads the state; a missing, unreadable or malformed file is a
// fresh state (never a half-decoded one).
func (d Dir) Load() State {
	var s State
	if _, err := fsutil.ReadOwnDecoded(d.StateFile(), maxState, jsonx.Into(&s)); err != nil {
		return State{} // missing, unreadable, or damaged and moved aside
	}
	return s
}

// Save replaces the state atomically (temporary file, rename) under the
// caller's lock. It is not fsynced: it is rewritten on every tool call,
// where an fsync costs more than the rest of the hook, and after a power
// loss an empty or old state.json only means a fresh count (Load treats a
// malformed file as zero state). Readers never see a partial file.
func (d Dir) Save(s State, now time.Time) error {
	s.Updated = now.Unix()
	data, err := s.MarshalJSON()
	if err != nil {
		return err
	}
	return fsutil.WriteOwn(d.StateFile(), data, fsutil.NoSync)
}

// Locked creates the directory (0700, and the sessions directory above
// it, each healed when something else sits at its path) and runs fn
// under its lock.
func (d Dir) Locked(ctx context.Context, fn func() error) error {
	if err := fsutil.PrivateTree(filepath.Dir(string(d)), string(d)); err != nil {
		return err
	}
	release, err := lock.Acquire(ctx, d.LockFile())
	if err != nil {
		return err
	}
	defer func() { _ = release() }()
	return fn()
}

// Sweep removes session directories untouched for longer than ttl. It
// runs at most once per interval, marked by the mtime of <root>/.swept
// (a mark from the future counts as due: see [fsutil.Within]).
func Sweep(root string, ttl, interval time.Duration, now time.Time) (removed int, err error) {
	mark := filepath.Join(root, ".swept")
	if fsutil.Recent(mark, now, interval) {
		return 0, nil
	}
	if err := fsutil.PrivateDir(root); err != nil {
		return 0, err
	}
	if err := fsutil.Touch(mark, now); err != nil {
		return 0, err
	}
	entries, err := os.ReadDir(root)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		fi, err := os.Stat(filepath.Join(root, e.Name(), "state.json"))
		if err != nil {
			fi, err = e.Info()
		}
		if err == nil && !fsutil.Within(fi.ModTime(), now, ttl) {
			if os.RemoveAll(filepath.Join(root, e.Name())) == nil {
				removed++
			}
		}
	}
	return removed, nil
}

// WindowFile records the context window Claude Code last told the
// status line (context_window_size), for the hooks, which are not told.
func (d Dir) WindowFile() string { return filepath.Join(string(d), "window.json") }

// Window is what WindowFile holds. It also keeps the last rate limits
// Claude Code sent the status line, for `si usage`'s pace forecast (a
// file the redraw reads anyway, rewritten only when a figure changes).
type Window struct {
	Size   int64      `json:"size"`
	Model  string     `json:"model,omitempty"`
	Limits RateLimits `json:"limits,omitzero"`
}

// RateLimits are the shares used (percent) and reset times (epoch
// seconds) of the 5-hour and weekly windows; a zero reset means the
// window was not sent.
type RateLimits struct {
	FiveHour     float64 `json:"fiveHour,omitempty"`
	FiveHourEnds int64   `json:"fiveHourResets,omitempty"`
	Week         float64 `json:"week,omitempty"`
	WeekEnds     int64   `json:"weekResets,omitempty"`
}

// LoadWindow reads the recorded window; zero when none.
func (d Dir) LoadWindow() Window {
	var w Window
	if _, err := fsutil.ReadOwnDecoded(d.WindowFile(), 4<<10, jsonx.Into(&w)); err != nil {
		return Window{}
	}
	return w
}

// SaveWindow records w when it differs from what is recorded (the status
// line redraws often; the file changes rarely). It takes no lock: the
// file is replaced atomically and every writer writes the same facts.
func (d Dir) SaveWindow(w Window) error {
	if d.LoadWindow() == w {
		return nil
	}
	if err := fsutil.PrivateDir(string(d)); err != nil {
		return err
	}
	data, err := jsonx.Marshal(w)
	if err != nil {
		return err
	}
	return fsutil.WriteOwn(d.WindowFile(), data, fsutil.NoSync)
}
