package bootstrap

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// State file limits: the file is read on every session start, so it is
// kept small by forgetting the projects not seen for the longest time.
// The CLAUDE.md files that hold our block are the uninstaller's list and
// are kept apart, under a cap far above any one user's projects that
// only keeps the file readable.
const (
	stateFile    = "bootstrap.json"
	maxStateFile = 1 << 20
	maxEntries   = 200
	maxManaged   = 2000
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
	// ClaudeMD is keyed by the path of the project's CLAUDE.md. Its
	// managed entries are every CLAUDE.md that holds (or held) our
	// block: the list the uninstaller takes the block out of again.
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
	RulesHash string `json:"rulesHash"` // hash of the rules the file was checked against
	File      stamp  `json:"file"`      // the file as it was left (zero: missing)
	Managed   bool   `json:"managed"`   // the block was ours once: never re-add it after removal
	// Created is set when the file did not exist and we made it; an
	// uninstaller may delete it if it still holds nothing but our block.
	Created     bool   `json:"created,omitempty"`
	WrittenAt   string `json:"writtenAt,omitempty"`   // first time we wrote the file (RFC 3339, UTC)
	RefreshedAt string `json:"refreshedAt,omitempty"` // last time the block was written
	Backup      string `json:"backup,omitempty"`      // the copy of the original made before our first edit
	// BlockHash is [blockHash] of the block's content as last written or
	// found current: the uninstaller takes out only a block that still
	// holds it (or the current rules), never one the user edited.
	BlockHash string `json:"blockHash,omitempty"`
	Seen      int64  `json:"seen"`
}

// loadState reads the state file. A missing file is a fresh state; a
// damaged one is moved aside (kept, with the CLAUDE.md files it names,
// for the user and si doctor) and replaced by a fresh state, which at
// worst repeats checks that are idempotent anyway. raw is what was read,
// so that saveState can skip an unchanged write.
func loadState(dir string) (st state, raw []byte, err error) {
	path := filepath.Join(dir, stateFile)
	raw, err = fsutil.ReadOwnDecoded(path, maxStateFile, jsonx.Into(&st))
	if errors.Is(err, fs.ErrNotExist) {
		return state{}, nil, nil
	}
	if err != nil {
		return state{}, nil, fmt.Errorf("state %s unreadable, starting afresh: %w", path, err)
	}
	return st, raw, nil
}

// saveState writes st when it differs from raw, pruning old entries
// first. changed reports whether anything was written. A state that
// decodes from raw unchanged is not encoded at all: on the session
// starts with nothing to do, compiling the encoder cost more than the
// rest of the check.
func saveState(dir string, st state, raw []byte) (changed bool, err error) {
	prune(st.Contexts, func(*contextEntry) bool { return true }, maxEntries)
	prune(st.ClaudeMD, func(e *claudeEntry) bool { return !e.Managed }, maxEntries)
	prune(st.ClaudeMD, func(e *claudeEntry) bool { return e.Managed }, maxManaged)
	var was state
	if raw != nil && jsonx.Unmarshal(raw, &was) == nil && reflect.DeepEqual(st, was) {
		return false, nil
	}
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
	if err := fsutil.WriteOwn(filepath.Join(dir, stateFile), data, fsutil.Sync); err != nil {
		return false, err
	}
	return true, nil
}

// seenAt is when an entry was last changed, for pruning.
type seenAt interface{ seen() int64 }

func (e *contextEntry) seen() int64 { return e.Seen }
func (e *claudeEntry) seen() int64  { return e.Seen }

// prune keeps, of the entries of m for which in is true, the limit most
// recently seen; the others are left as they are.
func prune[E seenAt](m map[string]E, in func(E) bool, limit int) {
	var keys []string
	for k, e := range m {
		if in(e) {
			keys = append(keys, k)
		}
	}
	if len(keys) <= limit {
		return
	}
	slices.SortFunc(keys, func(a, b string) int {
		return cmp.Or(cmp.Compare(m[b].seen(), m[a].seen()), strings.Compare(a, b))
	})
	for _, k := range keys[limit:] {
		delete(m, k)
	}
}
