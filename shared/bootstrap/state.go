package bootstrap

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/jsonx"
)

// State file limits: the file is read on every session start, so it is
// kept small by forgetting the projects not seen for the longest time.
const (
	stateFile    = "bootstrap.json"
	maxStateFile = 256 << 10
	maxEntries   = 200
)

// state is <dirs.State>/bootstrap.json: what earlier runs did, so that a
// repeat run can tell from a few stats that nothing is left to do.
type state struct {
	// SeededConfigAt is when the config was seeded, or found already
	// present; once set the config file is never looked at again, so a
	// user who deletes it is not given a new one.
	SeededConfigAt string `json:"seededConfigAt,omitempty"`
	// Contexts is keyed by project directory (~/.claude/projects/<enc>).
	Contexts map[string]*contextEntry `json:"contexts,omitempty"`
	// ClaudeMD is keyed by the path of the project's CLAUDE.md.
	ClaudeMD map[string]*claudeEntry `json:"claudeMd,omitempty"`
}

// contextEntry records the last look at a session-context.md.
type contextEntry struct {
	Sha   string `json:"sha"`   // HEAD the file was brought up to date for ("" outside git)
	File  stamp  `json:"file"`  // the file as it was left
	Seen  int64  `json:"seen"`  // unix seconds of the last change to this entry
	Fills int    `json:"fills"` // how many times sections were auto-filled
}

// claudeEntry records the last look at a CLAUDE.md.
type claudeEntry struct {
	RulesHash   string `json:"rulesHash"`             // hash of the rules the file was checked against
	File        stamp  `json:"file"`                  // the file as it was left (zero: missing)
	Managed     bool   `json:"managed"`               // the block was ours once: never re-add it after removal
	RefreshedAt string `json:"refreshedAt,omitempty"` // last time the block was written
	Seen        int64  `json:"seen"`
}

// loadState reads the state file. A missing file is a fresh state; a
// corrupt one is reported and replaced by a fresh state, which at worst
// repeats checks that are idempotent anyway. raw is what was read, so
// that saveState can skip an unchanged write.
func loadState(dir string) (st state, raw []byte, err error) {
	path := filepath.Join(dir, stateFile)
	raw, err = fsutil.ReadCapped(path, maxStateFile)
	if errors.Is(err, fs.ErrNotExist) {
		return state{}, nil, nil
	}
	if err == nil {
		err = jsonx.Unmarshal(raw, &st)
	}
	if err != nil {
		return state{}, nil, fmt.Errorf("state %s unreadable, starting afresh: %w", path, err)
	}
	return st, raw, nil
}

// saveState writes st when it differs from raw, pruning old entries
// first. changed reports whether anything was written.
func saveState(dir string, st state, raw []byte) (changed bool, err error) {
	prune(st.Contexts, func(e *contextEntry) int64 { return e.Seen })
	prune(st.ClaudeMD, func(e *claudeEntry) int64 { return e.Seen })
	data, err := jsonx.MarshalIndent(st, "", " ")
	if err != nil {
		return false, fmt.Errorf("encode state: %w", err)
	}
	data = append(data, '\n')
	if bytes.Equal(data, raw) {
		return false, nil
	}
	if err := fsutil.PrivateDir(dir); err != nil {
		return false, err
	}
	if err := fsutil.WriteAtomic(filepath.Join(dir, stateFile), data, 0o600, fsutil.Sync); err != nil {
		return false, err
	}
	return true, nil
}

// prune keeps the maxEntries most recently seen entries of m.
func prune[E any](m map[string]E, seen func(E) int64) {
	if len(m) <= maxEntries {
		return
	}
	keys := slices.SortedFunc(maps.Keys(m), func(a, b string) int {
		return cmp.Or(cmp.Compare(seen(m[b]), seen(m[a])), strings.Compare(a, b))
	})
	for _, k := range keys[maxEntries:] {
		delete(m, k)
	}
}
