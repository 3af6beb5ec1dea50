package paths

import (
	"os"
	"path/filepath"
	"strings"
	"unicode/utf16"
)

// maxEncoded is the length (in UTF-16 units) after which Claude Code
// truncates an encoded project path and appends a hash we cannot
// reproduce; lookups then match on the prefix.
const maxEncoded = 200

// EncodeProject applies Claude Code's project-directory encoding: every
// UTF-16 code unit that is not an ASCII letter or digit becomes '-'. The
// result is cut at 200 units; see [Dirs.ProjectDir] for the lookup.
func EncodeProject(path string) string {
	units := utf16.Encode([]rune(path))
	if len(units) > maxEncoded {
		units = units[:maxEncoded]
	}
	out := make([]byte, len(units))
	for i, u := range units {
		if u < 128 && isAlnum(byte(u)) {
			out[i] = byte(u)
		} else {
			out[i] = '-'
		}
	}
	return string(out)
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// ProjectDir returns ~/.claude/projects/<encoded> for path. For paths
// whose encoding was truncated it returns the first existing directory
// that starts with the 200-unit prefix, else the prefix itself.
func (d Dirs) ProjectDir(path string) string {
	enc := EncodeProject(path)
	exact := filepath.Join(d.Projects(), enc)
	if len(utf16.Encode([]rune(path))) <= maxEncoded {
		return exact // not truncated, so never hashed
	}
	if _, err := os.Stat(exact); err == nil {
		return exact
	}
	entries, err := os.ReadDir(d.Projects())
	if err != nil {
		return exact
	}
	for _, e := range entries {
		if e.IsDir() && strings.HasPrefix(e.Name(), enc) {
			return filepath.Join(d.Projects(), e.Name())
		}
	}
	return exact
}

// MemoryDir is Claude Code's auto-memory directory for the project that
// contains cwd. Auto memory is keyed on the canonical git root (the main
// working tree, even from a linked worktree), else on cwd itself.
func (d Dirs) MemoryDir(cwd string) string {
	root := CanonicalGitRoot(cwd)
	if root == "" {
		root = cwd
	}
	return filepath.Join(d.ProjectDir(root), "memory")
}
