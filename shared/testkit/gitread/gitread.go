// Package gitread reads a repository's history in tests with go-git,
// as `git log`, `git show` and `git status` would: the Windows lane's
// Wine prefix has no git command, and the ai stores' tests check their
// commits on every system.
package gitread

import (
	"strings"
	"testing"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// Open opens the repository at dir or fails t.
func Open(t testing.TB, dir string) *git.Repository {
	t.Helper()
	repo, err := git.PlainOpen(dir)
	if err != nil {
		t.Fatalf("open the repository %s: %v", dir, err)
	}
	return repo
}

// Subjects is the subject of every commit, newest first (`git log
// --format=%s`).
func Subjects(t testing.TB, dir string) []string {
	t.Helper()
	iter, err := Open(t, dir).Log(&git.LogOptions{})
	if err != nil {
		t.Fatalf("git log %s: %v", dir, err)
	}
	var out []string
	_ = iter.ForEach(func(c *object.Commit) error {
		subject, _, _ := strings.Cut(c.Message, "\n")
		out = append(out, subject)
		return nil
	})
	return out
}

// Show is the file p as commit rev holds it (`git show rev:p`).
func Show(t testing.TB, dir, rev, p string) string {
	t.Helper()
	repo := Open(t, dir)
	h, err := repo.ResolveRevision(plumbing.Revision(rev))
	if err != nil {
		t.Fatalf("git show %s:%s: %v", rev, p, err)
	}
	c, err := repo.CommitObject(*h)
	if err != nil {
		t.Fatalf("git show %s:%s: %v", rev, p, err)
	}
	f, err := c.File(p)
	if err != nil {
		t.Fatalf("git show %s:%s: %v", rev, p, err)
	}
	text, err := f.Contents()
	if err != nil {
		t.Fatalf("git show %s:%s: %v", rev, p, err)
	}
	return text
}
