// Package paths names every file and directory the plugin reads or
// writes, so that one place decides where state lives, how session ids
// become path components and how Claude Code encodes project directories.
package paths

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// ErrNoHome is returned when neither CLAUDE_CONFIG_DIR nor the home
// directory ([Home]) is set.
var ErrNoHome = errors.New("no home directory: set HOME (USERPROFILE on Windows) or CLAUDE_CONFIG_DIR")

// Home is the user's home directory as Claude Code takes it: $HOME, and
// on Windows %USERPROFILE% first (Claude Code's ~ there, whatever HOME
// Git Bash exports), then HOME. "" when unset.
func Home(getenv func(string) string) string { return homeOn(runtime.GOOS, getenv) }

func homeOn(goos string, getenv func(string) string) string {
	if goos == "windows" {
		if h := getenv("USERPROFILE"); h != "" {
			return h
		}
	}
	return getenv("HOME")
}

// Dirs holds the resolved locations for one process.
type Dirs struct {
	Home   string // the user's home directory
	Claude string // ~/.claude or $CLAUDE_CONFIG_DIR
	State  string // private state root (0700) under Claude
	Logs   string // ~/.claude/logs: debug log and compact history
}

// Resolve computes Dirs from the environment. It touches one file: the
// state root is stat'ed, and when it exists but belongs to another user
// Resolve returns the Dirs together with an error wrapping
// [ErrForeignState], so that a caller can log where and then must use
// none of it. This is the one check of that kind: every entry point (the
// hooks, the status line, si) resolves its directories here.
func Resolve(getenv func(string) string) (Dirs, error) {
	home := Home(getenv)
	claude := getenv("CLAUDE_CONFIG_DIR")
	if claude == "" {
		if home == "" {
			return Dirs{}, ErrNoHome
		}
		claude = filepath.Join(home, ".claude")
	}
	if home == "" {
		home = filepath.Dir(claude)
	}
	d := Dirs{Home: home, Claude: claude}
	d.State = filepath.Join(claude, "session-intelligence")
	d.Logs = filepath.Join(claude, "logs")
	return d, checkOwner(d.State, os.Geteuid())
}

// Config is the unified configuration file.
func (d Dirs) Config() string { return filepath.Join(d.Claude, "session-intelligence.json") }

// LegacyConfig is the older status-line-only configuration file that is
// folded into the unified one when present.
func (d Dirs) LegacyConfig() string { return filepath.Join(d.Claude, "statusline-intel.json") }

// Sessions is the directory holding one private directory per session.
func (d Dirs) Sessions() string { return filepath.Join(d.State, "sessions") }

// Session is the private directory of one session. sid must already be
// sanitised with [SessionID].
func (d Dirs) Session(sid string) string { return filepath.Join(d.Sessions(), sid) }

// Cache is the directory of derived caches (transcript offsets); anything
// in it may be deleted at any time.
func (d Dirs) Cache() string { return filepath.Join(d.State, "cache") }

// Backups is where copies of the user's files are kept before the plugin
// first edits them (never beside the file, where they would show up in
// the user's repository).
func (d Dirs) Backups() string { return filepath.Join(d.State, "backups") }

// Projects is Claude Code's per-project directory root.
func (d Dirs) Projects() string { return filepath.Join(d.Claude, "projects") }

// maxIDLen bounds a sanitised id so a hostile payload cannot produce an
// over-long path component.
const maxIDLen = 64

// SessionID turns an untrusted session id into a safe path component:
// only [A-Za-z0-9_-] survive. When anything had to change, a short hash of
// the original is appended so that two different ids never share state.
// An empty or all-invalid id yields "".
func SessionID(raw string) string {
	var b strings.Builder
	for _, r := range raw {
		if r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			b.WriteRune(r)
		}
	}
	clean := b.String()
	if clean == raw && len(clean) <= maxIDLen {
		return clean
	}
	if raw == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(raw))
	tag := hex.EncodeToString(sum[:4])
	if len(clean) > maxIDLen-9 {
		clean = clean[:maxIDLen-9]
	}
	if clean == "" {
		return "x-" + tag
	}
	return clean + "-" + tag
}

// PluginRoot is the directory whose bin/ holds the plugin's executables:
// $CLAUDE_PLUGIN_ROOT for the hooks of the plugin. Hooks the bash
// installer registered in settings.json get no CLAUDE_PLUGIN_ROOT; for
// them it is the directory above the bin/ the running executable sits
// in. "" when neither applies.
func PluginRoot(getenv func(string) string) string {
	if root := getenv("CLAUDE_PLUGIN_ROOT"); root != "" {
		return root
	}
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	return rootOfBinary(exe)
}

// rootOfBinary is the directory above exe's bin/ directory ("" when exe
// is not in one).
func rootOfBinary(exe string) string {
	dir := filepath.Dir(exe)
	if filepath.Base(dir) != "bin" {
		return ""
	}
	return filepath.Dir(dir)
}

// PluginBinary finds one of the plugin's executables under root (the
// plugin directory): the native one of a release folder
// (bin/<os>-<arch>/name) first, else bin/name unless that is the release
// launcher script. name is without the .exe that goos windows adds. ""
// when there is none.
func PluginBinary(root, goos, goarch, name string) string {
	if root == "" {
		return ""
	}
	name = proc.ExeFor(goos, name)
	for _, p := range []string{
		filepath.Join(root, "bin", goos+"-"+goarch, name),
		filepath.Join(root, "bin", name),
	} {
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && !isScript(p) {
			return p
		}
	}
	return ""
}

// isScript reports whether p starts with "#!" (the release launcher).
func isScript(p string) bool {
	f, err := os.Open(p)
	if err != nil {
		return true
	}
	defer f.Close()
	head := make([]byte, 2)
	n, _ := f.Read(head)
	return n == 2 && string(head) == "#!"
}

// Comparable is p in the form goos compares file names in: on Windows
// with forward slashes and folded case, as its file systems ignore both
// (Claude Code may send c:\users\x where the profile is C:\Users\x, and
// settings may hold C:/Users/x); p itself elsewhere.
func Comparable(goos, p string) string {
	if goos != "windows" {
		return p
	}
	return strings.ToLower(strings.ReplaceAll(p, `\`, "/"))
}

// Rooted reports whether path names the same place from every directory:
// absolute on this system, or starting with a separator. On Windows, where
// filepath.IsAbs wants a drive letter, such a path is still no path below
// the working directory: Git Bash roots it in its own install folder, and
// a transcript recorded on Unix roots every absolute path so.
func Rooted(path string) bool {
	return filepath.IsAbs(path) || strings.HasPrefix(filepath.ToSlash(path), "/")
}
