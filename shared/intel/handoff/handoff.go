// Package handoff carries a session's working state across a compaction:
// PreCompact writes a one-shot .si-handoff.json into the project's
// ~/.claude/projects/<encoded>/ directory, and the SessionStart hook that
// Claude Code runs after the compaction (source "compact") consumes it
// and injects a SESSION RESUME block. Everything in the file is recorded
// data (task text, file names, commit subjects), rendered as quoted data
// and never as instructions.
package handoff

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
)

// File is the hand-off's name in the project directory.
const File = ".si-handoff.json"

// MaxAge is how old a hand-off may be and still be used: an unrelated
// later session must not replay stale state.
const MaxAge = time.Hour

// Limits on what a hand-off carries.
const (
	maxItems = 10
	maxText  = 300
)

// Handoff is the recorded state.
type Handoff struct {
	T              int64    `json:"t"`
	SessionID      string   `json:"sessionId"`
	Cwd            string   `json:"cwd"`
	Trigger        string   `json:"trigger,omitempty"` // manual or auto
	CurrentTask    string   `json:"currentTask,omitempty"`
	TaskAgeHours   float64  `json:"currentTaskAgeHours,omitempty"`
	KeyFiles       []string `json:"keyFiles,omitempty"`
	NextPriorities []string `json:"nextPriorities,omitempty"`
	InFlightFiles  []string `json:"inFlightFiles,omitempty"`
	RecentCommits  []string `json:"recentCommits,omitempty"`
	HotDirs        []string `json:"hotDirs,omitempty"`
	DroppedDirs    []string `json:"droppedDirs,omitempty"`
}

// Empty reports whether every signal is empty; then nothing is written,
// so that a compaction that changes topic drags no old context along.
func (h Handoff) Empty() bool {
	return h.CurrentTask == "" && len(h.NextPriorities) == 0 && len(h.RecentCommits) == 0 &&
		len(h.HotDirs) == 0 && len(h.InFlightFiles) == 0
}

// Write stores h atomically in dir unless it is empty; it reports
// whether it wrote.
func Write(dir string, h Handoff) (bool, error) {
	if h.Empty() {
		return false, nil
	}
	h.clean()
	data, err := indented(h)
	if err != nil {
		return false, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return false, fmt.Errorf("hand-off: %w", err)
	}
	return true, fsutil.WriteOwn(filepath.Join(dir, File), data, fsutil.Sync)
}

// ErrNone says there was no usable hand-off.
var ErrNone = errors.New("no hand-off")

// Consume takes the hand-off in dir exactly once: it is renamed to a name
// only this process knows (so two sessions cannot both take it), read
// and deleted. A hand-off older than MaxAge or unreadable is deleted and
// ErrNone returned.
func Consume(dir string, now time.Time) (Handoff, error) {
	src := filepath.Join(dir, File)
	if fi, err := os.Lstat(src); err == nil && !fi.Mode().IsRegular() {
		_, _ = fsutil.MoveAside(src, fi, errors.New("not a regular file"))
		return Handoff{}, ErrNone
	}
	claimed := fmt.Sprintf("%s.taken.%d.%d", src, os.Getpid(), now.UnixNano())
	if err := os.Rename(src, claimed); err != nil {
		return Handoff{}, ErrNone
	}
	defer os.Remove(claimed)
	data, err := fsutil.ReadCapped(claimed, 1<<20)
	if err != nil {
		return Handoff{}, ErrNone
	}
	var h Handoff
	if jsonx.Unmarshal(data, &h) != nil || now.Sub(time.Unix(h.T, 0)) > MaxAge || h.Empty() {
		return Handoff{}, ErrNone
	}
	h.clean()
	return h, nil
}

// clean bounds every field and strips control characters, since the
// content came from files anyone could have edited.
func (h *Handoff) clean() {
	h.CurrentTask = text(h.CurrentTask)
	for _, list := range []*[]string{&h.KeyFiles, &h.NextPriorities, &h.InFlightFiles, &h.RecentCommits, &h.HotDirs, &h.DroppedDirs} {
		var out []string
		for _, s := range *list {
			if s = text(s); s != "" && len(out) < maxItems {
				out = append(out, s)
			}
		}
		*list = out
	}
}

// text makes one line of plain text of at most maxText runes, without
// escapes, controls, bidi controls or invisible characters
// ([termtext.ModelLine]): it is quoted to the model and, in the banner,
// shown to the user.
func text(s string) string {
	s = strings.Join(strings.Fields(termtext.ModelLine(s)), " ")
	if r := []rune(s); len(r) > maxText {
		s = string(r[:maxText]) + "…"
	}
	return s
}
