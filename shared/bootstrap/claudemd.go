package bootstrap

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// The markers around the managed block of CLAUDE.md. Each must stand on
// a line of its own; everything outside the pair belongs to the user.
const (
	BeginMarker = "<!-- BEGIN session-intelligence:rules -->"
	EndMarker   = "<!-- END session-intelligence:rules -->"
)

// Limits and names for CLAUDE.md.
const (
	claudeFile   = "CLAUDE.md"
	backupPrefix = claudeFile + ".bak-si-"
	backupStamp  = "20060102T150405Z"
	maxClaudeMD  = 1 << 20
)

// Action is what [ClaudeMD] did to the file.
type Action string

// The outcomes of [ClaudeMD].
const (
	Disabled  Action = "disabled"   // enabled was false: nothing looked at
	Created   Action = "created"    // the file was missing and now holds just the block
	Prepended Action = "prepended"  // the file had no markers: block and blank line added on top
	Refreshed Action = "refreshed"  // the block's content was replaced
	Unchanged Action = "unchanged"  // the block was already current
	LeftAlone Action = "left alone" // nothing written; Reason says why
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
// itself). A missing file is created (0644) with just the block; a file
// without markers gets the block and a blank line prepended; a file with
// one well-formed pair gets the content between the markers replaced
// when it differs. Broken or duplicated markers, and files that are not
// regular text files of reasonable size, are left alone with a Reason.
// Before the first edit of an existing file a backup
// CLAUDE.md.bak-si-<UTC time> is written beside it, once ever: when any
// backup of ours exists, no other is made (and a file holding nothing but
// our block has nothing of the user's to save). Bytes outside the markers
// are never changed.
func ClaudeMD(root string, rules []byte, enabled bool, now time.Time) (Result, error) {
	if !enabled {
		return Result{Path: filepath.Join(root, claudeFile), Action: Disabled}, nil
	}
	return claudeMD(root, rules, now, true)
}

// claudeMD is [ClaudeMD]; insert false forbids adding the block to a
// file that lacks it (or creating the file), for a user who removed a
// block that was once ours.
func claudeMD(root string, rules []byte, now time.Time, insert bool) (Result, error) {
	res := Result{Path: filepath.Join(root, claudeFile), Action: LeftAlone}
	body, err := ruleBody(rules)
	if err != nil {
		return res, err
	}
	if _, err := os.Lstat(res.Path); errors.Is(err, fs.ErrNotExist) {
		return create(res, body, insert)
	} else if err != nil {
		return res, fmt.Errorf("manage CLAUDE.md: %w", err)
	}
	data, perm, reason, err := readClaudeMD(res.Path)
	if err != nil || reason != "" {
		res.Reason = reason
		return res, err
	}
	out, action, reason := edited(data, body, insert)
	if out == nil {
		res.Action, res.Reason = action, reason
		return res, nil
	}
	if hasUserText(data) {
		if res.Backup, err = backupOnce(res.Path, data, perm, now); err != nil {
			return res, err
		}
	}
	if err := replaceFile(res.Path, out, perm); err != nil {
		return res, fmt.Errorf("manage CLAUDE.md: %w", err)
	}
	res.Action = action
	return res, nil
}

// readClaudeMD reads an existing CLAUDE.md, or gives the reason it must
// be left alone: a dangling symlink, not a regular file, too large, not
// text. err is set only for failures that may pass (I/O, permissions).
func readClaudeMD(path string) (data []byte, perm fs.FileMode, reason string, err error) {
	data, fi, err := readRegular(path, maxClaudeMD)
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
	return data, fi.Mode().Perm(), "", nil
}

// create writes a missing CLAUDE.md holding just the block.
func create(res Result, body []byte, insert bool) (Result, error) {
	if !insert {
		res.Reason = "removed after it held our block; not recreated"
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

// backupOnce copies the original CLAUDE.md beside it before our first
// edit. Any existing backup of ours means the pristine file is already
// saved, and a second copy would only hold our own earlier edit.
func backupOnce(path string, data []byte, perm fs.FileMode, now time.Time) (string, error) {
	// ReadDir rather than Glob: the directory name may hold glob syntax.
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		return "", fmt.Errorf("back up CLAUDE.md: %w", err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), backupPrefix) {
			return "", nil
		}
	}
	bak := filepath.Join(filepath.Dir(path), backupPrefix+now.UTC().Format(backupStamp))
	if _, err := createExclusive(bak, data, perm); err != nil {
		return "", fmt.Errorf("back up CLAUDE.md: %w", err)
	}
	return bak, nil
}
