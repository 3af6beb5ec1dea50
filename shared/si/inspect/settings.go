// Package inspect reads, and never writes, everything that says how
// session-intelligence is installed and whether it runs: Claude Code's
// settings at every level, its plugin registry, managed settings, the
// status line wiring, the hooks' run records and the MCP configuration of
// neighbouring tools. `si status` and `si doctor` are built on it.
package inspect

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/settingsjson"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// maxSettings caps one settings file read.
const maxSettings = 4 << 20

// Level is one settings file as Claude Code would read it.
type Level struct {
	Name string         // user, project, local, managed
	Path string         // the file
	Doc  map[string]any // nil when missing or invalid
	Err  error          // a read or syntax error; nil when missing
}

// loadLevel reads one settings file; a missing file is not an error.
func loadLevel(name, path string) Level {
	lv := Level{Name: name, Path: path}
	data, err := fsutil.ReadCapped(path, maxSettings)
	if errors.Is(err, fs.ErrNotExist) {
		return lv
	}
	if err != nil {
		lv.Err = err
		return lv
	}
	if err := settingsjson.Validate(path, data); err != nil {
		lv.Err = err
		return lv
	}
	_ = settingsjson.Decode(data, &lv.Doc) // validated above; a BOM or a blank file is fine
	return lv
}

// Present reports whether the file exists and parsed.
func (l Level) Present() bool { return l.Doc != nil }

// ProjectRoot is the nearest directory at or above cwd with a .claude
// settings file, stopping below home; "" when there is none.
func ProjectRoot(cwd, home string) string {
	for dir := filepath.Clean(cwd); ; dir = filepath.Dir(dir) {
		if dir == home || dir == filepath.Dir(dir) {
			return ""
		}
		for _, f := range []string{"settings.json", "settings.local.json"} {
			if _, err := os.Stat(filepath.Join(dir, ".claude", f)); err == nil {
				return dir
			}
		}
	}
}

// readManaged reads managed-settings.json and the managed-settings.d
// fragments (alphabetical, .json only, hidden files skipped), as Claude
// Code merges them.
func readManaged(dir string) []Level {
	if dir == "" {
		return nil
	}
	out := []Level{loadLevel("managed", filepath.Join(dir, "managed-settings.json"))}
	entries, _ := os.ReadDir(filepath.Join(dir, "managed-settings.d"))
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		if n := e.Name(); !strings.HasPrefix(n, ".") && strings.HasSuffix(n, ".json") {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		out = append(out, loadLevel("managed", filepath.Join(dir, "managed-settings.d", n)))
	}
	return out
}

// lookup returns doc[path...] when every step is an object.
func lookup(doc map[string]any, path ...string) (any, bool) {
	var cur any = doc
	for _, k := range path {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = m[k]; !ok {
			return nil, false
		}
	}
	return cur, true
}

// Setting is the effective value of a key and the file that set it.
type Setting struct {
	Value any
	From  string // "" when no level sets it
}

// effective applies Claude Code's precedence: managed, then local, then
// project, then user; levels must be given highest first.
func effective(levels []Level, path ...string) Setting {
	for _, lv := range levels {
		if v, ok := lookup(lv.Doc, path...); ok {
			return Setting{Value: v, From: lv.Path}
		}
	}
	return Setting{}
}
