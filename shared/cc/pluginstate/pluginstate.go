// Package pluginstate reads what Claude Code's own plugin commands
// write, to tell whether an installed plugin is still there and enabled.
// `claude plugin uninstall` (and /plugin → uninstall) drops the plugin's
// entry from ~/.claude/plugins/installed_plugins.json and its key from
// enabledPlugins in ~/.claude/settings.json, deletes the plugin's data
// directory and marks its cached copy orphaned (deleted later);
// `claude plugin disable` sets enabledPlugins[id] to false and keeps the
// rest. Claude Code 2.1.332 was seen doing exactly that in a scratch
// HOME. What we leave outside the plugin's folders (the status line in
// settings.json, the user commands) asks here whether to step aside.
package pluginstate

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// Caps on what is read: both files are a few KB; a settings.json with
// many hooks and permissions stays well under a megabyte.
const (
	maxInstalled = 4 << 20
	maxSettings  = 4 << 20
)

// InstalledFile is Claude Code's list of installed plugins.
func InstalledFile(claude string) string {
	return filepath.Join(claude, "plugins", "installed_plugins.json")
}

// SettingsFile is the user settings file, which holds enabledPlugins.
func SettingsFile(claude string) string { return filepath.Join(claude, "settings.json") }

// Status is what the two files say about one plugin id.
type Status struct {
	Installed bool // installed_plugins.json has an entry for it
	Disabled  bool // enabledPlugins has it set to false
}

// Active reports whether the plugin is installed and not disabled.
func (s Status) Active() bool { return s.Installed && !s.Disabled }

// install is one entry of installed_plugins.json.
type install struct {
	Scope       string `json:"scope"`
	InstallPath string `json:"installPath"`
}

// installs reads installed_plugins.json: each plugin id with its
// entries (version 2 lists several per id, one per scope; version 1 had
// one object). ok is false when the file cannot be trusted (unreadable,
// not JSON), which callers take as "no news": a file caught half
// written must not uninstall anything. A missing file is an empty list.
func installs(claude string) (map[string][]install, bool) {
	data, err := fsutil.ReadCapped(InstalledFile(claude), maxInstalled)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string][]install{}, true
	}
	var file struct {
		Plugins map[string]jsonx.RawMessage `json:"plugins"`
	}
	if err != nil || jsonx.Unmarshal(data, &file) != nil {
		return nil, false
	}
	out := make(map[string][]install, len(file.Plugins))
	for id, raw := range file.Plugins {
		var list []install
		if jsonx.Unmarshal(raw, &list) != nil {
			var one install
			if jsonx.Unmarshal(raw, &one) != nil {
				continue
			}
			list = []install{one}
		}
		out[id] = list
	}
	return out, true
}

// disabled reports whether settings.json sets enabledPlugins[id] to
// false; a missing or unreadable file disables nothing.
func disabled(claude, id string) bool {
	data, err := fsutil.ReadCapped(SettingsFile(claude), maxSettings)
	if err != nil {
		return false
	}
	var doc struct {
		EnabledPlugins map[string]jsonx.RawMessage `json:"enabledPlugins"`
	}
	if jsonx.Unmarshal(data, &doc) != nil {
		return false
	}
	return strings.TrimSpace(string(doc.EnabledPlugins[id])) == "false"
}

// Read says whether plugin id is installed and whether it is disabled,
// reading both files. ok is false when installed_plugins.json could not
// be trusted; Status is then the active one.
func Read(claude, id string) (st Status, ok bool) {
	all, ok := installs(claude)
	if !ok {
		return Status{Installed: true}, false
	}
	st.Installed = len(all[id]) > 0
	if st.Installed {
		st.Disabled = disabled(claude, id)
	}
	return st, true
}

// Owner names the installed plugin a hook runs as, from its
// CLAUDE_PLUGIN_ROOT and CLAUDE_PLUGIN_DATA: the installed_plugins.json
// entry whose installPath is root, or else (a plugin from a directory
// marketplace runs from that directory, not from its installPath) the
// id whose data directory ~/.claude/plugins/data/<id, @ as -> is data.
// "" when none is: a plugin loaded with --plugin-dir (data
// …/<name>-inline), or one uninstalled while its session runs. ok is
// false when installed_plugins.json cannot be trusted (no news).
func Owner(claude, root, data string) (id string, ok bool) {
	all, ok := installs(claude)
	if !ok {
		return "", false
	}
	root = filepath.Clean(root)
	for id, list := range all {
		for _, in := range list {
			if in.InstallPath != "" && filepath.Clean(in.InstallPath) == root {
				return id, true
			}
		}
	}
	for id := range all {
		if IsDataDir(claude, data, id) {
			return id, true
		}
	}
	return "", true
}

// IsDataDir reports whether data is a plugin data directory of Claude
// Code's (~/.claude/plugins/data/…) and, unless id is "", the one of
// plugin id. Claude Code names it by the id with every character other
// than a letter, digit, _ or - replaced by -; both sides are mapped the
// same way, so a character it keeps that we would map still compares.
func IsDataDir(claude, data, id string) bool {
	if data == "" || filepath.Dir(filepath.Clean(data)) != filepath.Join(claude, "plugins", "data") {
		return false
	}
	return id == "" || dataName(id) == dataName(filepath.Base(data))
}

func dataName(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '-'
	}, s)
}
