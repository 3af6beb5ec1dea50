package bootstrap

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// The markers around the managed block of CLAUDE.md. Each must stand on
// a line of its own; everything outside the pair belongs to the user.
const (
	BeginMarker = "<!-- BEGIN session-intelligence:rules -->"
	EndMarker   = "<!-- END session-intelligence:rules -->"
)

// Limits and names for CLAUDE.md.
const (
	claudeFile  = "CLAUDE.md"
	maxClaudeMD = 1 << 20
)

// Action is what [ClaudeMD] did to the file.
type Action string

// The outcomes of [ClaudeMD].
const (
	Disabled   Action = "disabled"      // enabled was false: nothing looked at
	NotProject Action = "not a project" // the file was missing and the directory is no project top: nothing created
	Created    Action = "created"       // the file was missing and now holds just the block
	Prepended  Action = "prepended"     // the file had no markers: block and blank line added on top
	Refreshed  Action = "refreshed"     // the block's content was replaced
	Unchanged  Action = "unchanged"     // the block was already current
	LeftAlone  Action = "left alone"    // nothing written; Reason says why
)

// Result says what [ClaudeMD] did.
type Result struct {
	Path   string // the CLAUDE.md
	Action Action
	Reason string // why the file was left alone
	Backup string // the backup written before the first edit, if any
}

// ClaudeMD keeps the managed session-discipline block in root/CLAUDE.md
// (root is the git root of the working directory, else the directory
// itself). An existing file without markers gets the block and a blank
// line prepended; a file with one well-formed pair gets the content
// between the markers replaced when it differs. A missing file is created
// (0644) with just the block, but only where root is a project's top
// ([projectTop]); elsewhere the Action is NotProject. Broken or
// duplicated markers, files that are not regular text files of
// reasonable size, and symlinks another user could have planted are left
// alone with a Reason.
//
// Before the first edit of an existing file a backup is written into the
// plugin's private state (<dirs.State>/backups/claude-md), never beside
// the file, and only once ever (see [backupOnce]); a file holding nothing
// but our block has nothing of the user's to save. Bytes outside the
// markers are never changed.
func ClaudeMD(dirs paths.Dirs, root string, rules []byte, enabled bool, now time.Time) (Result, error) {
	if !enabled {
		return Result{Path: filepath.Join(root, claudeFile), Action: Disabled}, nil
	}
	return claudeMD(claudeEdit{root: root, backups: claudeBackups(dirs), rules: rules, now: now, insert: true})
}

// claudeEdit is one call of [claudeMD].
type claudeEdit struct {
	root    string // the directory of the CLAUDE.md
	backups string // the private backup folder ([claudeBackups])
	rules   []byte
	now     time.Time
	// insert false forbids adding the block to a file that lacks it (or
	// creating the file), for a user who removed a block once ours.
	insert bool
}

// claudeMD is [ClaudeMD] for one edit.
func claudeMD(e claudeEdit) (Result, error) {
	res := Result{Path: filepath.Join(e.root, claudeFile), Action: LeftAlone}
	body, err := ruleBody(e.rules)
	if err != nil {
		return res, err
	}
	lfi, err := os.Lstat(res.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return create(res, body, e)
	} else if err != nil {
		return res, fmt.Errorf("manage CLAUDE.md: %w", err)
	}
	target, reason, err := writeTarget(res.Path, lfi)
	if err != nil || reason != "" {
		res.Reason = reason
		return res, err
	}
	data, perm, reason, err := readClaudeMD(target, lfi)
	if err != nil || reason != "" {
		res.Reason = reason
		return res, err
	}
	out, action, reason := edited(data, body, e.insert)
	if out == nil {
		res.Action, res.Reason = action, reason
		return res, nil
	}
	if hasUserText(data) {
		if res.Backup, err = backupOnce(e.backups, res.Path, data, e.now); err != nil {
			return res, err
		}
	}
	// target, not path: a regular file is replaced by a rename that never
	// follows a symlink swapped in since, and a link keeps being a link.
	if err := fsutil.WriteAtomic(target, out, perm, fsutil.Sync); err != nil {
		return res, fmt.Errorf("manage CLAUDE.md: %w", err)
	}
	res.Action = action
	return res, nil
}

// readClaudeMD reads an existing CLAUDE.md (the file at target, which
// Lstat saw as lfi), or gives the reason it must be left alone: not a
// regular file, too large, not text. err is set only for failures that
// may pass (I/O, permissions, a file swapped while being read).
func readClaudeMD(target string, lfi fs.FileInfo) (data []byte, perm fs.FileMode, reason string, err error) {
	data, fi, err := readRegular(target, maxClaudeMD)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, 0, "a symlink to nothing", nil
	case err != nil:
		if reason = leftAloneReason(err); reason != "" {
			return nil, 0, reason, nil
		}
		return nil, 0, "", fmt.Errorf("manage CLAUDE.md: %w", err)
	case !isText(data):
		return nil, 0, "not a text file", nil
	}
	if err := sameFile(target, lfi, fi); err != nil {
		return nil, 0, "", err
	}
	return data, fi.Mode().Perm(), "", nil
}

// create writes a missing CLAUDE.md holding just the block, where a new
// file is welcome.
func create(res Result, body []byte, e claudeEdit) (Result, error) {
	if !e.insert {
		res.Reason = "removed after it held our block; not recreated"
		return res, nil
	}
	if !projectTop(e.root) {
		res.Action = NotProject
		return res, nil
	}
	created, err := createExclusive(res.Path, block(body, "\n"), 0o644)
	if err != nil {
		return res, fmt.Errorf("manage CLAUDE.md: %w", err)
	}
	if !created {
		res.Reason = "created by someone else meanwhile"
		return res, nil
	}
	res.Action = Created
	return res, nil
}

// ruleBody normalises the rules to end in exactly one newline, and
// refuses rules that would nest markers inside the block.
func ruleBody(rules []byte) ([]byte, error) {
	body := bytes.TrimRight(bytes.ReplaceAll(rules, []byte("\r\n"), []byte("\n")), "\n \t")
	if len(body) == 0 {
		return nil, errors.New("manage CLAUDE.md: empty rules")
	}
	if bytes.Contains(body, []byte(BeginMarker)) || bytes.Contains(body, []byte(EndMarker)) {
		return nil, errors.New("manage CLAUDE.md: rules contain the block markers")
	}
	return append(body, '\n'), nil
}

// block is the managed block with the given line ending.
func block(body []byte, nl string) []byte {
	b := BeginMarker + "\n" + string(body) + EndMarker + "\n"
	if nl != "\n" {
		b = string(bytes.ReplaceAll([]byte(b), []byte("\n"), []byte(nl)))
	}
	return []byte(b)
}
