package shape

import (
	"path/filepath"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// toolInput holds the path-bearing fields of the built-in tools.
type toolInput struct {
	FilePath     string `json:"file_path"`
	NotebookPath string `json:"notebook_path"`
	Path         string `json:"path"`
	FilePathAlt  string `json:"filePath"`
	Pattern      string `json:"pattern"`
	Command      string `json:"command"`
}

// Env is where [Env.Target] looks for the paths a tool call names.
type Env struct {
	Cwd string // the session's working directory
	// Known, when set, says whether a path (absolute and clean) exists and
	// whether it is a directory, before the filesystem is asked. A replay
	// has no checkout, but its transcript shows which paths existed (the
	// files read and written, the lines ls and grep printed): it passes
	// them here, as a [Known] set's Lookup or any function.
	Known func(path string) (isDir, ok bool)
}

// Target returns the file or directory a tool call touched, made absolute
// against cwd, and whether it is a directory, looking only at the
// filesystem. It returns "" when the call names no path (a pure `echo`, a
// web fetch).
func Target(tool string, raw jsonx.RawMessage, cwd string) (path string, isDir bool) {
	return Env{Cwd: cwd}.Target(tool, raw)
}

// Target is [Target] with the environment's known paths. A Bash command
// is parsed as the shell would (pipes, cd, $( ), quotes, globs): its path
// is the most specific existing file or directory the command works on
// (see commandPath), a path counting when the oracle or the filesystem
// says it exists; a project-wide command with none (git status, make,
// the test runner) maps to the directory it runs in.
func (env Env) Target(tool string, raw jsonx.RawMessage) (path string, isDir bool) {
	var in toolInput
	if len(raw) == 0 || jsonx.Unmarshal(raw, &in) != nil {
		return "", false
	}
	p := &prober{env: env}
	switch {
	case in.FilePath != "":
		return abs(in.FilePath, env.Cwd), false
	case in.NotebookPath != "":
		return abs(in.NotebookPath, env.Cwd), false
	case in.FilePathAlt != "":
		return abs(in.FilePathAlt, env.Cwd), false
	case in.Path != "":
		path = abs(in.Path, env.Cwd)
		isDir, _ = p.exists(path)
		return path, isDir
	case tool == "Glob" && in.Pattern != "":
		if dir := literalDir(in.Pattern); dir != "" {
			return abs(dir, env.Cwd), true
		}
	case tool == "Bash" && in.Command != "":
		return commandPath(in.Command, p)
	}
	return "", false
}

func abs(p, cwd string) string {
	p = strings.ReplaceAll(p, `\`, "/")
	if paths.Rooted(p) || cwd == "" {
		return filepath.Clean(p)
	}
	return filepath.Join(cwd, p)
}

// literalDir is the directory part of a glob before its first wildcard.
func literalDir(pattern string) string {
	cut := strings.IndexAny(pattern, "*?[{")
	if cut < 0 {
		return filepath.Dir(pattern)
	}
	prefix := pattern[:cut]
	if i := strings.LastIndex(prefix, "/"); i > 0 {
		return prefix[:i]
	}
	return ""
}

// RootOf maps a path to its root directory: the first depth directory
// segments below cwd (src/auth/login.ts → src/auth at depth 2), "." for
// files directly in cwd, and "/tmp/foo" style roots for paths elsewhere
// ("C:/tmp/foo" on Windows).
// It also returns the path as it is logged: relative to cwd when inside,
// with a trailing slash when it is a directory.
func RootOf(path, cwd string, depth int, isDir bool) (root, logged string) {
	depth = min(max(depth, 1), 5)
	path = filepath.ToSlash(filepath.Clean(path))
	absolute := strings.HasPrefix(path, "/") || hasDrive(path)
	if cwd != "" && absolute {
		c := filepath.ToSlash(filepath.Clean(cwd))
		if path == c {
			return ".", "."
		}
		if rest, ok := strings.CutPrefix(path, strings.TrimSuffix(c, "/")+"/"); ok {
			path, absolute = rest, false
		}
	}
	drive := ""
	if absolute && hasDrive(path) {
		drive, path = path[:2], path[2:]
	}
	parts := strings.FieldsFunc(path, func(r rune) bool { return r == '/' })
	dirs := parts
	if !isDir && len(parts) > 0 {
		dirs = parts[:len(parts)-1]
	}
	dirs = dirs[:min(depth, len(dirs))]
	if isDir && len(parts) > 0 {
		path += "/"
	}
	switch {
	case absolute:
		return drive + "/" + strings.Join(dirs, "/"), drive + path
	case len(dirs) == 0:
		return ".", path
	}
	return strings.Join(dirs, "/"), path
}

// hasDrive reports a Windows path with a drive letter ("C:/x", after
// ToSlash): absolute, as a leading slash is on Unix.
func hasDrive(path string) bool {
	return len(path) >= 3 && path[1] == ':' && path[2] == '/' &&
		('a' <= path[0] && path[0] <= 'z' || 'A' <= path[0] && path[0] <= 'Z')
}
