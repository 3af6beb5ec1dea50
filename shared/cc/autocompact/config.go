package autocompact

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/managed"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// Caps of the files read: settings files are small; ~/.claude.json holds
// every project's history and can grow to megabytes.
const (
	maxSettings = 4 << 20
	maxGlobal   = 32 << 20
)

// Files names Claude Code's files that change auto-compaction.
type Files struct {
	Settings []string // settings.json files, highest precedence first
	Global   string   // ~/.claude.json: autoCompactEnabled
}

// FilesFor lists them for a project: managed, local, project, user
// settings, and the global config (beside ~/.claude, or in
// $CLAUDE_CONFIG_DIR when that moves it).
func FilesFor(claudeDir, home, project, managedDir string) Files {
	f := Files{Settings: managed.SettingsFor(claudeDir, project, managedDir).Ordered()}
	f.Global = filepath.Join(home, ".claude.json")
	if home == "" || filepath.Clean(claudeDir) != filepath.Join(home, ".claude") {
		f.Global = filepath.Join(claudeDir, ".claude.json")
	}
	return f
}

// Config is what the files say about auto-compaction, and the stamp of
// the files it was read from.
type Config struct {
	Windows []any  `json:"windows,omitempty"` // autoCompactWindow per settings file (nil where unset)
	Enabled *bool  `json:"enabled,omitempty"` // autoCompactEnabled
	Stamp   string `json:"stamp"`
}

// Read reads the files, or returns cached while none of them changed
// (one stat each). An unreadable or malformed file says nothing.
func Read(f Files, cached Config) Config {
	stamp := stampOf(append(append([]string{}, f.Settings...), f.Global))
	if cached.Stamp == stamp && stamp != "" {
		return cached
	}
	c := Config{Stamp: stamp}
	for _, p := range f.Settings {
		c.Windows = append(c.Windows, settingsValue(p))
	}
	c.Enabled = globalEnabled(f.Global)
	return c
}

// stampOf fingerprints the files by size and modification time.
func stampOf(paths []string) string {
	var b strings.Builder
	for _, p := range paths {
		if fi, err := os.Stat(p); err == nil {
			fmt.Fprintf(&b, "%d.%d;", fi.Size(), fi.ModTime().UnixNano())
		} else {
			b.WriteString("-;")
		}
	}
	return b.String()
}

// settingsValue is the autoCompactWindow value of one settings file.
func settingsValue(path string) any {
	data, err := fsutil.ReadCapped(path, maxSettings)
	if err != nil || !bytes.Contains(data, []byte("autoCompactWindow")) {
		return nil
	}
	var doc struct {
		AutoCompactWindow any `json:"autoCompactWindow"`
	}
	if jsonx.Unmarshal(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), &doc) != nil {
		return nil
	}
	return doc.AutoCompactWindow
}

// globalEnabled is autoCompactEnabled in the global config, nil when it
// is not set (auto-compaction is on by default).
func globalEnabled(path string) *bool {
	data, err := fsutil.ReadCapped(path, maxGlobal)
	if err != nil || !bytes.Contains(data, []byte("autoCompactEnabled")) {
		return nil
	}
	var doc struct {
		AutoCompactEnabled *bool `json:"autoCompactEnabled"`
	}
	if jsonx.Unmarshal(data, &doc) != nil {
		return nil
	}
	return doc.AutoCompactEnabled
}
