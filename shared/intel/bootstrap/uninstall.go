package bootstrap

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/lock"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/templates"
)

// uninstallWait bounds the wait for a session start's bootstrap, which
// holds the lock for milliseconds.
const uninstallWait = 5 * time.Second

// Outcome is what [RemoveBlocks] did to one CLAUDE.md.
type Outcome string

// The outcomes of [RemoveBlocks].
const (
	BlockRemoved Outcome = "removed the rules block from" // every other byte kept
	FileDeleted  Outcome = "deleted"                      // we created it and it held nothing else
	UserEdited   Outcome = "left alone"                   // the block's content is not what we wrote
	Refused      Outcome = "left alone:"                  // Reason says why (markers, symlink, not text)
	Gone         Outcome = "already gone"                 // the file or its block was removed
)

// Removal is one CLAUDE.md of the uninstaller's list.
type Removal struct {
	Path    string
	Outcome Outcome
	Reason  string
	// Legacy names a backup an older version left beside the file
	// (CLAUDE.md.bak-si-*): the user's, to delete when no longer wanted.
	Legacy string
}

// blockHash identifies the block content that rules make, line endings
// aside, so that a block can be told apart from one the user edited.
func blockHash(rules []byte) string {
	body, err := ruleBody(rules)
	if err != nil {
		return ""
	}
	return contentHash(body)
}

// contentHash hashes the lines between the markers with LF endings.
func contentHash(inner []byte) string {
	sum := sha256.Sum256(bytes.ReplaceAll(inner, []byte("\r\n"), []byte("\n")))
	return hex.EncodeToString(sum[:8])
}

// RemoveBlocks takes the managed block out of every CLAUDE.md the
// bootstrap wrote to (bootstrap.json's list), for the uninstaller: the
// block and the blank line the bootstrap put after it go, every other
// byte stays, and a CLAUDE.md the bootstrap created that holds nothing
// else is deleted. A block whose content is neither what was last
// written nor the rules of rules (nil: this version's) was edited by the
// user and stays, as do files with broken markers or behind an unsafe
// symlink. Entries done with leave the list; the ones left alone stay on
// it, so that a second run reports them again.
func RemoveBlocks(d paths.Dirs, rules []byte) ([]Removal, error) {
	if rules == nil {
		rules = templates.Rules()
	}
	if _, err := os.Stat(filepath.Join(d.State, stateFile)); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	var out []Removal
	err := lock.With(filepath.Join(d.State, LockFile), uninstallWait, func() error {
		st, raw, err := loadState(d.State)
		if err != nil {
			return err
		}
		current := blockHash(rules)
		for _, path := range slices.Sorted(maps.Keys(st.ClaudeMD)) {
			e := st.ClaudeMD[path]
			if !e.Managed {
				continue
			}
			r := removeBlock(path, e, current)
			if r.Outcome != UserEdited && r.Outcome != Refused {
				delete(st.ClaudeMD, path)
			}
			out = append(out, r)
		}
		_, err = saveState(d.State, st, raw)
		return err
	})
	return out, err
}

// removeBlock is [RemoveBlocks] for one file.
func removeBlock(path string, e *claudeEntry, current string) Removal {
	r := Removal{Path: path, Outcome: Refused}
	if old, _ := firstEntry(filepath.Dir(path), legacyBackupPrefix); old != "" {
		r.Legacy = filepath.Join(filepath.Dir(path), old)
	}
	lfi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		r.Outcome = Gone
		return r
	} else if err != nil {
		r.Reason = err.Error()
		return r
	}
	target, reason, err := writeTarget(path, lfi)
	if err == nil && reason == "" {
		var data []byte
		var perm fs.FileMode
		if data, perm, reason, err = readClaudeMD(target, lfi); err == nil && reason == "" {
			return cutBlock(r, e, current, target, data, perm, lfi.Mode().IsRegular())
		}
	}
	r.Reason = reason
	if err != nil {
		r.Reason = err.Error()
	}
	return r
}

// cutBlock writes data without its block, or deletes the file: see
// [RemoveBlocks]. regular is false for a CLAUDE.md that is a symlink,
// which is never deleted.
func cutBlock(r Removal, e *claudeEntry, current, target string, data []byte, perm fs.FileMode, regular bool) Removal {
	m := scanMarkers(data)
	if why := m.problem(); why != "" {
		r.Reason = why
		return r
	}
	if len(m.begins) == 0 {
		r.Outcome = Gone
		return r
	}
	inner := contentHash(data[m.begins[0].end:m.ends[0].start])
	if inner != current && inner != e.BlockHash {
		r.Outcome = UserEdited
		r.Reason = "its rules block was edited; remove the lines from " + BeginMarker + " to " + EndMarker + " yourself"
		return r
	}
	out := withoutBlock(data, m, !e.Created)
	if e.Created && regular && len(bytes.TrimSpace(out)) == 0 {
		if err := os.Remove(r.Path); err != nil {
			r.Reason = err.Error()
			return r
		}
		r.Outcome = FileDeleted
		return r
	}
	if err := fsutil.WriteAtomic(target, out, perm, fsutil.Sync); err != nil {
		r.Reason = fmt.Sprintf("write: %v", err)
		return r
	}
	r.Outcome = BlockRemoved
	return r
}

// withoutBlock is data without the marker lines and what lies between
// them, and, for a block prepended to the user's file that still opens
// it (after a byte order mark), the blank line [prepend] put after it:
// what the file was before.
func withoutBlock(data []byte, m markers, prepended bool) []byte {
	lo, hi := m.begins[0].start, m.ends[0].end
	head := 0
	if bytes.HasPrefix(data, bom) {
		head = len(bom)
	}
	if prepended && lo == head {
		nl := []byte(lineEnding(data))
		if bytes.HasPrefix(data[hi:], nl) {
			hi += len(nl)
		}
	}
	out := make([]byte, 0, len(data)-(hi-lo))
	return append(append(out, data[:lo]...), data[hi:]...)
}

// Blocks lists the CLAUDE.md files the bootstrap wrote its block to and
// still counts as holding it (bootstrap.json's list): what [RemoveBlocks]
// would go through. A missing or unreadable state lists none.
func Blocks(d paths.Dirs) []string {
	st, _, err := loadState(d.State)
	if err != nil {
		return nil
	}
	var out []string
	for _, path := range slices.Sorted(maps.Keys(st.ClaudeMD)) {
		if st.ClaudeMD[path].Managed {
			out = append(out, path)
		}
	}
	return out
}
