package bootstrap

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// Names and limits of the CLAUDE.md backups.
const (
	backupStamp    = "20060102T150405Z"
	backupIndex    = "index.json"
	maxBackupIndex = 1 << 20
	// legacyBackupPrefix names the backups older versions wrote beside
	// CLAUDE.md; one of them still counts as the file's backup.
	legacyBackupPrefix = claudeFile + ".bak-si-"
)

// claudeBackups is the private folder of CLAUDE.md backups: one folder
// per CLAUDE.md, named by [backupKey], plus an index of originals.
func claudeBackups(d paths.Dirs) string {
	if d.State == "" {
		return ""
	}
	return filepath.Join(d.Backups(), "claude-md")
}

// backupKey names the backup folder of the CLAUDE.md at path: a hash, so
// that any path, however long or odd, gives a short safe name.
func backupKey(path string) string {
	sum := sha256.Sum256([]byte(filepath.Clean(path)))
	return hex.EncodeToString(sum[:12])
}

// backupOnce saves the original CLAUDE.md at path as
// <dir>/<key>/CLAUDE.md.<UTC time> (0600) before our first edit, and
// records it in <dir>/index.json. Once any backup of the file exists, no
// other is made: the pristine file is saved, and a second copy would only
// hold our own earlier edit. bak is "" when nothing was written.
func backupOnce(dir, path string, data []byte, now time.Time) (bak string, err error) {
	if dir == "" {
		return "", errors.New("back up CLAUDE.md: no state directory")
	}
	key := backupKey(path)
	name, legacy, err := existingBackup(filepath.Join(dir, key), filepath.Dir(path))
	switch {
	case err != nil || legacy:
		return "", err
	case name != "":
		// Saved already; mend the index in case a crash came between.
		return "", indexBackup(dir, filepath.Join(key, name), path)
	}
	if err := fsutil.PrivateDir(filepath.Join(dir, key)); err != nil {
		return "", fmt.Errorf("back up CLAUDE.md: %w", err)
	}
	name = claudeFile + "." + now.UTC().Format(backupStamp)
	bak = filepath.Join(dir, key, name)
	if _, err := createExclusive(bak, data, 0o600); err != nil {
		return "", fmt.Errorf("back up CLAUDE.md: %w", err)
	}
	return bak, indexBackup(dir, filepath.Join(key, name), path)
}

// existingBackup finds the backup already made of a CLAUDE.md: its name
// in the private folder, or legacy when only an old-style backup sits
// beside the file in userDir (read only when the folder has none).
func existingBackup(folder, userDir string) (name string, legacy bool, err error) {
	name, err = firstEntry(folder, claudeFile+".")
	if name != "" || (err != nil && !errors.Is(err, fs.ErrNotExist)) {
		return name, false, err
	}
	old, err := firstEntry(userDir, legacyBackupPrefix)
	return "", old != "", err
}

// firstEntry is the name of an entry of dir that starts with prefix, or
// "". ReadDir rather than Glob: the directory name may hold glob syntax.
func firstEntry(dir, prefix string) (string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", fmt.Errorf("back up CLAUDE.md: %w", err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), prefix) {
			return e.Name(), nil
		}
	}
	return "", nil
}

// indexBackup records in <dir>/index.json that the backup rel (relative
// to dir) holds the original of path. The index is what maps the hashed
// folder names back to files; a damaged one is moved aside (so no
// mapping is lost: it is kept there) and started afresh.
func indexBackup(dir, rel, path string) error {
	file := filepath.Join(dir, backupIndex)
	index := map[string]string{}
	_, err := fsutil.ReadOwnDecoded(file, maxBackupIndex, jsonx.Into(&index))
	if errors.Is(err, fs.ErrNotExist) {
		index, err = map[string]string{}, nil
	}
	if err != nil {
		return fmt.Errorf("back up CLAUDE.md: index %s: %w", file, err)
	}
	if index[rel] == path {
		return nil
	}
	if index == nil { // the file held "null"
		index = map[string]string{}
	}
	index[rel] = path
	out, err := jsonx.MarshalIndent(index, "", " ")
	if err != nil {
		return fmt.Errorf("back up CLAUDE.md: encode index: %w", err)
	}
	if err := fsutil.WriteOwn(file, append(out, '\n'), fsutil.Sync); err != nil {
		return fmt.Errorf("back up CLAUDE.md: %w", err)
	}
	return nil
}
