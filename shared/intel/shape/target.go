package shape

import (
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"os"
	"path/filepath"
	"strings"
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

// Target returns the file or directory a tool call touched, made absolute
// against cwd, and whether it is a directory. It returns "" when the call
// names no path (a pure `echo`, a web fetch).
func Target(tool string, raw jsonx.RawMessage, cwd string) (path string, isDir bool) {
	var in toolInput
	if len(raw) == 0 || jsonx.Unmarshal(raw, &in) != nil {
		return "", false
	}
	switch {
	case in.FilePath != "":
		return abs(in.FilePath, cwd), false
	case in.NotebookPath != "":
		return abs(in.NotebookPath, cwd), false
	case in.FilePathAlt != "":
		return abs(in.FilePathAlt, cwd), false
	case in.Path != "":
		p := abs(in.Path, cwd)
		fi, err := os.Stat(p)
		return p, err == nil && fi.IsDir()
	case tool == "Glob" && in.Pattern != "":
		if dir := literalDir(in.Pattern); dir != "" {
			return abs(dir, cwd), true
		}
	case tool == "Bash" && in.Command != "":
		return commandPath(in.Command, cwd)
	}
	return "", false
}

func abs(p, cwd string) string {
	p = strings.ReplaceAll(p, `\`, "/")
	if filepath.IsAbs(p) || cwd == "" {
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

// maxCommandProbes bounds the stat calls spent on one Bash command.
const maxCommandProbes = 8

// commandPath picks the first argument of a shell command that names an
// existing file or directory under cwd (go test ./internal/store/...,
// cat src/x.go). Flags, URLs and words without a slash or dot are skipped.
func commandPath(cmd, cwd string) (string, bool) {
	probes := 0
	for _, tok := range strings.Fields(cmd) {
		tok = strings.Trim(tok, `"'`+"`;|&()")
		if !pathLike(tok) {
			continue
		}
		if probes++; probes > maxCommandProbes {
			break
		}
		tok = strings.TrimSuffix(strings.TrimSuffix(tok, "/..."), "/")
		p := abs(tok, cwd)
		if fi, err := os.Stat(p); err == nil {
			return p, fi.IsDir()
		}
	}
	return "", false
}

func pathLike(tok string) bool {
	if tok == "" || tok[0] == '-' || strings.Contains(tok, "://") || strings.ContainsAny(tok, "=$*?<>") {
		return false
	}
	return strings.Contains(tok, "/") || strings.Contains(strings.TrimPrefix(tok, "."), ".")
}

// RootOf maps a path to its root directory: the first depth directory
// segments below cwd (src/auth/login.ts → src/auth at depth 2), "." for
// files directly in cwd, and "/tmp/foo" style roots for paths elsewhere.
// It also returns the path as it is logged: relative to cwd when inside,
// with a trailing slash when it is a directory.
func RootOf(path, cwd string, depth int, isDir bool) (root, logged string) {
	depth = min(max(depth, 1), 5)
	path = filepath.ToSlash(filepath.Clean(path))
	absolute := strings.HasPrefix(path, "/")
	if cwd != "" && absolute {
		c := filepath.ToSlash(filepath.Clean(cwd))
		if path == c {
			return ".", "."
		}
		if rest, ok := strings.CutPrefix(path, strings.TrimSuffix(c, "/")+"/"); ok {
			path, absolute = rest, false
		}
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
		return "/" + strings.Join(dirs, "/"), path
	case len(dirs) == 0:
		return ".", path
	}
	return strings.Join(dirs, "/"), path
}
