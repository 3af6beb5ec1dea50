// Package usercmd installs the plugin's slash commands as user commands
// (~/.claude/commands/<name>.md). Claude Code namespaces plugin commands
// (/session-intelligence:si) and does not resolve the bare /si to them,
// so a user copy is what makes plain /si work. The copy names the
// binary by its absolute path, since ${CLAUDE_PLUGIN_ROOT} is only
// substituted in plugin commands, and it carries a marker line: a file
// without it is the user's own and is never touched.
package usercmd

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/usercmd/commands"
)

// Marker is the YAML comment that makes a command file ours. Deleting
// it hands the file over to the user.
const Marker = "# session-intelligence: managed copy (updated on upgrade, removed by uninstall); delete this line to keep your own edits"

// unsafeInPath are the characters a binary path may not hold: the path is
// written inside double quotes in a shell command, inside a YAML
// single-quoted string and inside a permission rule.
const unsafeInPath = "\"'`$\\\n\r"

// Render returns the user copy of f that runs the binaries in binDir (an
// absolute directory). On Windows the directory is written with forward
// slashes (C:/Users/…), which Git Bash, where Claude Code runs the
// command, takes as they are.
func Render(f commands.File, binDir string) ([]byte, error) {
	if !filepath.IsAbs(binDir) {
		return nil, fmt.Errorf("command %s: binary directory %q is not absolute", f.Name, binDir)
	}
	binDir = filepath.ToSlash(binDir)
	if strings.ContainsAny(binDir, unsafeInPath) {
		return nil, fmt.Errorf("command %s: binary directory %q holds a quote, $, backslash or newline, which a command file cannot carry safely", f.Name, binDir)
	}
	body, ok := bytes.CutPrefix(f.Text, []byte("---\n"))
	if !ok {
		return nil, fmt.Errorf("command %s: no front matter", f.Name)
	}
	dir := strings.TrimSuffix(binDir, "/") + "/"
	body = bytes.ReplaceAll(body, []byte(commands.BinPlaceholder), []byte(dir))
	out := make([]byte, 0, len(body)+len(Marker)+8)
	out = append(out, "---\n"+Marker+"\n"...)
	return append(out, body...), nil
}

// Ours reports whether a command file carries the marker line within its
// front matter.
func Ours(data []byte) bool {
	rest, ok := bytes.CutPrefix(data, []byte("---\n"))
	if !ok {
		return false
	}
	end := bytes.Index(rest, []byte("\n---"))
	if end < 0 {
		return false
	}
	for _, line := range bytes.Split(rest[:end], []byte("\n")) {
		if string(bytes.TrimRight(line, "\r")) == Marker {
			return true
		}
	}
	return false
}
