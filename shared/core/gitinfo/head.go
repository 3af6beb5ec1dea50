// Package gitinfo gives the status line its git fields without running
// git: the branch and HEAD read straight from .git files (cheap enough
// for every redraw), and the cached Status (subject, dirty count,
// diffstat) that package gitinfo/full computes in a background refresher,
// keyed by HEAD and the index so a stale entry is noticed.
package gitinfo

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// maxSmall caps reads of HEAD and ref files; packed-refs is scanned.
const maxSmall = 4096

// Dirs locates a repository's git directories: GitDir holds HEAD and the
// index (per worktree), CommonDir holds refs (shared by worktrees).
type Dirs struct {
	Root, GitDir, CommonDir string
}

// Find resolves the git directories of the repository whose work tree
// root is root; ok is false when root has no usable .git.
func Find(root string) (Dirs, bool) {
	dotgit := filepath.Join(root, ".git")
	fi, err := os.Stat(dotgit)
	if err != nil {
		return Dirs{}, false
	}
	d := Dirs{Root: root, GitDir: dotgit, CommonDir: dotgit}
	if !fi.IsDir() {
		data, err := fsutil.ReadCapped(dotgit, maxSmall)
		line := strings.TrimSpace(string(data))
		if err != nil || !strings.HasPrefix(line, "gitdir:") {
			return Dirs{}, false
		}
		d.GitDir = strings.TrimSpace(strings.TrimPrefix(line, "gitdir:"))
		if !filepath.IsAbs(d.GitDir) {
			d.GitDir = filepath.Join(root, d.GitDir)
		}
		d.CommonDir = d.GitDir
		if c, err := fsutil.ReadCapped(filepath.Join(d.GitDir, "commondir"), maxSmall); err == nil {
			common := strings.TrimSpace(string(c))
			if !filepath.IsAbs(common) {
				common = filepath.Join(d.GitDir, common)
			}
			d.CommonDir = filepath.Clean(common)
		}
	}
	return d, true
}

// Head returns the current branch (or "" when detached) and the commit
// HEAD points at ("" in a repository without commits).
func (d Dirs) Head() (branch, sha string) {
	data, err := fsutil.ReadCapped(filepath.Join(d.GitDir, "HEAD"), maxSmall)
	if err != nil {
		return "", ""
	}
	head := strings.TrimSpace(string(data))
	ref, symbolic := strings.CutPrefix(head, "ref:")
	if !symbolic {
		return "", head
	}
	ref = strings.TrimSpace(ref)
	return strings.TrimPrefix(ref, "refs/heads/"), d.resolve(ref)
}

// resolve reads a ref from its loose file or from packed-refs.
func (d Dirs) resolve(ref string) string {
	if data, err := fsutil.ReadCapped(filepath.Join(d.CommonDir, filepath.FromSlash(ref)), maxSmall); err == nil {
		return strings.TrimSpace(string(data))
	}
	f, _, err := fsutil.OpenRegular(filepath.Join(d.CommonDir, "packed-refs"))
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	suffix := []byte(" " + ref)
	for sc.Scan() {
		if line := sc.Bytes(); bytes.HasSuffix(line, suffix) {
			return string(line[:len(line)-len(suffix)])
		}
	}
	return ""
}

// Key identifies the state a cached status describes: HEAD, the commit
// it points at, and the index's size and modification time.
func (d Dirs) Key() string {
	branch, sha := d.Head()
	var mod, size int64
	if fi, err := os.Stat(filepath.Join(d.GitDir, "index")); err == nil {
		mod, size = fi.ModTime().UnixNano(), fi.Size()
	}
	return fmt.Sprintf("%s|%s|%d|%d", branch, sha, mod, size)
}
