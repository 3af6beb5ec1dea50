package paths

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// maxGitFile caps how much of a .git file or commondir file is read.
const maxGitFile = 4096

// GitRoot returns the nearest directory at or above dir that holds a .git
// entry (directory or file), or "" when there is none. It only stats
// files, so it is cheap enough for hot paths.
func GitRoot(dir string) string {
	dir = filepath.Clean(dir)
	for {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// CanonicalGitRoot is like [GitRoot] but resolves a linked worktree (whose
// .git is a file pointing at <main>/.git/worktrees/<name>) to the main
// working tree, the way Claude Code keys auto memory.
func CanonicalGitRoot(dir string) string {
	root := GitRoot(dir)
	if root == "" {
		return ""
	}
	dotgit := filepath.Join(root, ".git")
	fi, err := os.Lstat(dotgit)
	if err != nil || fi.IsDir() {
		return root
	}
	gitdir := readGitPointer(dotgit, "gitdir:")
	if gitdir == "" {
		return root
	}
	if !filepath.IsAbs(gitdir) {
		gitdir = filepath.Join(root, gitdir)
	}
	common := readGitPointer(filepath.Join(gitdir, "commondir"), "")
	if common == "" {
		return root
	}
	if !filepath.IsAbs(common) {
		common = filepath.Join(gitdir, common)
	}
	common = filepath.Clean(common)
	if filepath.Base(common) != ".git" {
		return root
	}
	return filepath.Dir(common)
}

// readGitPointer reads a small git pointer file and returns its value
// after prefix (or the whole first line when prefix is empty).
func readGitPointer(path, prefix string) string {
	f, _, err := fsutil.OpenRegular(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	buf := make([]byte, maxGitFile)
	n, _ := f.Read(buf)
	line, _, _ := bytes.Cut(buf[:n], []byte("\n"))
	s := strings.TrimSpace(string(line))
	if prefix == "" {
		return s
	}
	if !strings.HasPrefix(s, prefix) {
		return ""
	}
	return strings.TrimSpace(strings.TrimPrefix(s, prefix))
}
