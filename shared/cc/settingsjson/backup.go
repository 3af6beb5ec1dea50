package settingsjson

import (
	"bytes"
	"cmp"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

const (
	backupInfix = ".bak-si-"
	stampLayout = "20060102T150405Z"
	// keepBackups is how many si backups survive; enough to undo a few
	// edits without filling ~/.claude with copies.
	keepBackups = 5
)

// now is the clock for backup names; tests replace it.
var now = time.Now

// backupFile is one si backup of a settings file.
type backupFile struct {
	path  string
	stamp string // the YYYYMMDDTHHMMSSZ part
	seq   int    // 1, or N for a "-N" suffix added when a second collides
}

// writeBackup saves data beside path with mode and returns the backup's
// path. A backup that already holds data is reused, so running the same
// edit again does not push older backups out.
func writeBackup(path string, data []byte, mode fs.FileMode) (string, error) {
	existing, err := listBackups(path)
	if err != nil {
		return "", err
	}
	for _, b := range slices.Backward(existing) {
		if same, _ := fsutil.ReadCapped(b.path, MaxSize); bytes.Equal(same, data) {
			return b.path, nil
		}
	}
	name, err := freshBackupName(path)
	if err != nil {
		return "", err
	}
	if err := fsutil.WriteAtomic(name, data, mode, fsutil.Sync); err != nil {
		return "", fmt.Errorf("back up settings: %w", err)
	}
	pruneBackups(path, name)
	return name, nil
}

// freshBackupName returns an unused name for a backup made now; two
// edits within one second get "-2", "-3"... rather than overwriting.
func freshBackupName(path string) (string, error) {
	base := path + backupInfix + now().UTC().Format(stampLayout)
	name := base
	for n := 2; n < 1000; n++ {
		if _, err := os.Lstat(name); os.IsNotExist(err) {
			return name, nil
		} else if err != nil {
			return "", fmt.Errorf("back up settings: %w", err)
		}
		name = base + "-" + strconv.Itoa(n)
	}
	return "", fmt.Errorf("back up settings: no free backup name for %s", base)
}

// pruneBackups removes the oldest si backups of path until keepBackups
// are left, sparing keep (the one just written, which sorts oldest if
// the clock went back). Failures are ignored: a stale backup is
// harmless, and failing the edit over it would not be.
func pruneBackups(path, keep string) {
	all, err := listBackups(path)
	if err != nil {
		return
	}
	excess := len(all) - keepBackups
	for _, b := range all {
		if excess <= 0 {
			break
		}
		if b.path != keep {
			_ = os.Remove(b.path)
			excess--
		}
	}
}

// listBackups returns the si backups of path, oldest first. Only names
// that parse exactly are included, so a user's own
// "settings.json.bak-si-mine" is never pruned.
func listBackups(path string) ([]backupFile, error) {
	dir, prefix := filepath.Dir(path), filepath.Base(path)+backupInfix
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("list backups: %w", err)
	}
	var out []backupFile
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || !e.Type().IsRegular() {
			continue
		}
		if b, ok := parseBackupName(rest); ok {
			b.path = filepath.Join(dir, e.Name())
			out = append(out, b)
		}
	}
	slices.SortFunc(out, func(a, b backupFile) int {
		return cmp.Or(strings.Compare(a.stamp, b.stamp), cmp.Compare(a.seq, b.seq))
	})
	return out, nil
}

// parseBackupName parses "YYYYMMDDTHHMMSSZ" or "YYYYMMDDTHHMMSSZ-N".
func parseBackupName(rest string) (backupFile, bool) {
	stamp, suffix, hasSuffix := strings.Cut(rest, "-")
	if _, err := time.Parse(stampLayout, stamp); err != nil || len(stamp) != len(stampLayout) {
		return backupFile{}, false
	}
	b := backupFile{stamp: stamp, seq: 1}
	if hasSuffix {
		n, err := strconv.Atoi(suffix)
		if err != nil || n < 2 || strconv.Itoa(n) != suffix {
			return backupFile{}, false
		}
		b.seq = n
	}
	return b, true
}
