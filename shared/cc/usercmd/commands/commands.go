// Package commands embeds the slash command files of the plugin
// (si.md, ai.md, beside this file). scripts/build.sh copies them into
// the plugin's commands/ directory, where Claude Code namespaces them
// (/session-intelligence:si); package usercmd installs them as user
// commands (~/.claude/commands/si.md) so that plain /si works too.
//
// A command file runs its binary as "${CLAUDE_PLUGIN_ROOT}/bin/<name>",
// where <name> is the file's name without .md; Claude Code substitutes
// the placeholder for plugin commands only, so user copies get the
// binary's absolute path written in instead.
package commands

import (
	"embed"
	"io/fs"
	"strings"
)

// BinPlaceholder is how a command file names the plugin's bin directory.
const BinPlaceholder = "${CLAUDE_PLUGIN_ROOT}/bin/"

//go:embed *.md
var files embed.FS

// File is one command file: Name is the command (and its binary).
type File struct {
	Name string
	Text []byte
}

// All returns the command files, sorted by name.
func All() []File {
	entries, _ := fs.ReadDir(files, ".")
	var out []File
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".md")
		if !ok {
			continue
		}
		data, _ := files.ReadFile(e.Name())
		out = append(out, File{Name: name, Text: data})
	}
	return out
}
