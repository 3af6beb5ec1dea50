// Package automemory says whether Claude Code's own memory ("auto
// memory") is on for a project and which directory it keeps, the way
// Claude Code 2.1.332 decides both, so that what the plugin asks of the
// model (the memory offload before a compaction, the follow-up review)
// names the memory the model was actually given, or none when it has
// none.
//
// Claude Code's rules, from its source and a real run: auto memory is on
// unless CLAUDE_CODE_DISABLE_AUTO_MEMORY is true ("1", "true", "yes",
// "on"), CLAUDE_CODE_SIMPLE is set, or the settings say
// "autoMemoryEnabled": false (a false CLAUDE_CODE_DISABLE_AUTO_MEMORY
// forces it on). The directory is CLAUDE_COWORK_MEMORY_PATH_OVERRIDE, else
// "autoMemoryDirectory" from the settings (absolute, or "~/…"; anything
// else is ignored), else <claude dir>/projects/<project>/memory/, keyed on
// the project's canonical git root. Claude Code reads a project's own
// settings for the directory only in some workspaces; we read the
// managed, the local and the user settings, which it always reads, so a
// repository cannot redirect what the plugin asks the model to write.
package automemory

import (
	"bytes"
	"path/filepath"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/managed"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// maxSettings caps each settings file read.
const maxSettings = 4 << 20

// Inputs are where to look.
type Inputs struct {
	Getenv   func(string) string
	Settings managed.Settings
	Home     string
	Default  string // the project's default directory (paths.Dirs.MemoryDir)
}

// Memory is Claude Code's memory for the project.
type Memory struct {
	On  bool
	Dir string // where it lives, when On
	Why string // what switched it off, or moved it; "" for the default
}

// Resolve applies Claude Code's rules.
func Resolve(in Inputs) Memory {
	getenv := in.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	env := getenv("CLAUDE_CODE_DISABLE_AUTO_MEMORY")
	switch {
	case truthy(env):
		return Memory{Why: "CLAUDE_CODE_DISABLE_AUTO_MEMORY"}
	case getenv("CLAUDE_CODE_SIMPLE") != "":
		return Memory{Why: "CLAUDE_CODE_SIMPLE"}
	case !falsy(env):
		if file, off := disabledIn(in.Settings.Ordered()); off {
			return Memory{Why: "autoMemoryEnabled: false in " + file}
		}
	}
	if dir := getenv("CLAUDE_COWORK_MEMORY_PATH_OVERRIDE"); dir != "" {
		if d := clean(dir, "", false); d != "" {
			return Memory{On: true, Dir: d, Why: "CLAUDE_COWORK_MEMORY_PATH_OVERRIDE"}
		}
	}
	for _, file := range []string{in.Settings.Managed, in.Settings.Local, in.Settings.User} {
		if v, ok := value(file, "autoMemoryDirectory").(string); ok {
			if d := clean(v, in.Home, true); d != "" {
				return Memory{On: true, Dir: d, Why: "autoMemoryDirectory in " + file}
			}
		}
	}
	return Memory{On: true, Dir: in.Default}
}

func truthy(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

func falsy(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "0", "false", "no", "off":
		return true
	}
	return false
}

// disabledIn reports the first file, by precedence, that sets
// autoMemoryEnabled, when it sets it to false.
func disabledIn(files []string) (string, bool) {
	for _, f := range files {
		if v, ok := value(f, "autoMemoryEnabled").(bool); ok {
			return f, !v
		}
	}
	return "", false
}

// value is one top-level key of a settings file; nil when the file is
// missing, malformed or lacks it.
func value(path, key string) any {
	if path == "" {
		return nil
	}
	data, err := fsutil.ReadCapped(path, maxSettings)
	if err != nil || !bytes.Contains(data, []byte(key)) {
		return nil
	}
	var doc map[string]jsonx.RawMessage
	if jsonx.Unmarshal(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), &doc) != nil {
		return nil
	}
	var v any
	if raw, ok := doc[key]; !ok || jsonx.Unmarshal(raw, &v) != nil {
		return nil
	}
	return v
}

// clean accepts an absolute directory, or with tilde "~/…" under home,
// as Claude Code does; "" for anything else (relative, a root, escaping
// home, holding NUL).
func clean(dir, home string, tilde bool) string {
	if tilde && (strings.HasPrefix(dir, "~/") || strings.HasPrefix(dir, `~\`)) {
		rest := filepath.Clean(dir[2:])
		if home == "" || rest == "." || rest == ".." || strings.HasPrefix(rest, ".."+string(filepath.Separator)) {
			return ""
		}
		dir = filepath.Join(home, rest)
	}
	if strings.ContainsRune(dir, 0) || !filepath.IsAbs(dir) {
		return ""
	}
	dir = filepath.Clean(dir)
	// A root is its own parent: "/", and on Windows a drive's `C:\` or a
	// share's `\\srv\share\`, which the length alone lets through.
	if len(dir) < 3 || filepath.Dir(dir) == dir {
		return ""
	}
	return dir
}
