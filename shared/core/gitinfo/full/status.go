// Package full computes, with go-git, what the status line shows of
// a repository: the last commit subject, the dirty file count and the
// diffstat. It runs in a background refresher (si refresh git), never in
// a redraw, so the status line binary does not link go-git at all.
package full

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/utils/diff"
	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/session-intelligence/session-intelligence/shared/core/gitinfo"
)

// Limits of what is recorded.
const (
	maxDiffFile  = 1 << 20 // files larger than this are not line-counted
	maxFiles     = 20      // dirty files listed
	maxHeadFiles = 10      // files of the HEAD commit listed
	maxCommits   = 10      // commits of the log listed
)

func subject(c *object.Commit) string {
	s, _, _ := strings.Cut(strings.TrimSpace(c.Message), "\n")
	return s
}

// touched lists the files a commit changed against its first parent.
func touched(c *object.Commit) []string {
	stats, err := c.Stats()
	if err != nil {
		return nil
	}
	var out []string
	for _, s := range stats {
		if len(out) == maxHeadFiles {
			break
		}
		out = append(out, s.Name)
	}
	return out
}

// history lists the latest commits from c along first parents, each with
// the files it changed (names only, until ctx ends).
func history(ctx context.Context, c *object.Commit) []gitinfo.Commit {
	var out []gitinfo.Commit
	for c != nil && len(out) < maxCommits {
		var parent *object.Commit
		if c.NumParents() > 0 {
			parent, _ = c.Parent(0)
		}
		out = append(out, gitinfo.Commit{Hash: c.Hash.String(), Subject: subject(c),
			When: c.Committer.When.Unix(), Files: changedNames(ctx, parent, c)})
		if parent == nil {
			break
		}
		c = parent
	}
	return out
}

// changedNames lists the paths c changed against parent (nil for a root
// commit) by comparing tree hashes only: no blob is read or diffed.
func changedNames(ctx context.Context, parent, c *object.Commit) []string {
	if ctx.Err() != nil {
		return nil
	}
	to, err := c.Tree()
	if err != nil {
		return nil
	}
	var from *object.Tree
	if parent != nil {
		if from, err = parent.Tree(); err != nil {
			return nil
		}
	}
	changes, err := object.DiffTreeWithOptions(ctx, from, to, nil)
	if err != nil {
		return nil
	}
	var out []string
	for _, ch := range changes {
		if len(out) == maxHeadFiles {
			break
		}
		name := ch.To.Name
		if name == "" {
			name = ch.From.Name
		}
		out = append(out, name)
	}
	return out
}

// Options tune [Compute].
type Options struct {
	// OwnName and Own leave out a changed file that is not the user's
	// work: one named OwnName (a base name) whose text at HEAD (empty
	// when untracked) and in the work tree Own finds to differ only by
	// what the plugin keeps in it. nil Own leaves nothing out.
	OwnName string
	Own     func(head, work []byte) bool
}

// Compute opens the repository with go-git and computes the status. It
// stops counting diff lines when ctx ends, marking the result Truncated.
func Compute(ctx context.Context, d gitinfo.Dirs, opts Options) (gitinfo.Status, error) {
	st := gitinfo.Status{Key: d.Key()}
	repo, err := git.PlainOpenWithOptions(d.Root, &git.PlainOpenOptions{DetectDotGit: true, EnableDotGitCommonDir: true})
	if err != nil {
		return st, err
	}
	var headTree *object.Tree
	if ref, err := repo.Head(); err == nil {
		if c, err := repo.CommitObject(ref.Hash()); err == nil {
			st.Subject, st.Head = subject(c), c.Hash.String()
			headTree, _ = c.Tree()
			st.HeadFiles = touched(c)
			st.Commits = history(ctx, c)
		}
	} else if !errors.Is(err, plumbing.ErrReferenceNotFound) {
		return st, err
	}
	wt, err := repo.Worktree()
	if err != nil {
		return st, err
	}
	files, err := wt.Status()
	if err != nil {
		return st, err
	}
	for path, fs := range files {
		if fs.Worktree == git.Unmodified && fs.Staging == git.Unmodified || opts.own(headTree, d.Root, path) {
			continue
		}
		st.Dirty++
		if len(st.Files) < maxFiles {
			st.Files = append(st.Files, path)
		}
		if fs.Worktree == git.Untracked || ctx.Err() != nil {
			st.Truncated = st.Truncated || ctx.Err() != nil
			continue
		}
		add, del := lineDelta(headTree, d.Root, path)
		st.Added += add
		st.Deleted += del
	}
	return st, nil
}

// own reports whether the changed file at path is the plugin's change only.
func (o Options) own(tree *object.Tree, root, path string) bool {
	if o.Own == nil || filepath.Base(filepath.FromSlash(path)) != o.OwnName {
		return false
	}
	return o.Own([]byte(blobText(tree, path)), []byte(fileText(filepath.Join(root, filepath.FromSlash(path)))))
}

// lineDelta counts lines added and deleted between HEAD and the work tree
// for one path, like git diff --numstat HEAD.
func lineDelta(tree *object.Tree, root, path string) (added, deleted int) {
	old := blobText(tree, path)
	cur := fileText(filepath.Join(root, filepath.FromSlash(path)))
	if old == cur {
		return 0, 0
	}
	for _, d := range diff.Do(old, cur) {
		n := strings.Count(d.Text, "\n")
		if !strings.HasSuffix(d.Text, "\n") && d.Text != "" {
			n++
		}
		switch d.Type {
		case diffmatchpatch.DiffInsert:
			added += n
		case diffmatchpatch.DiffDelete:
			deleted += n
		}
	}
	return added, deleted
}

func blobText(tree *object.Tree, path string) string {
	if tree == nil {
		return ""
	}
	f, err := tree.File(path)
	if err != nil || f.Size > maxDiffFile {
		return ""
	}
	r, err := f.Reader()
	if err != nil {
		return ""
	}
	defer r.Close()
	data, _ := io.ReadAll(io.LimitReader(r, maxDiffFile))
	return string(data)
}

func fileText(path string) string {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > maxDiffFile {
		return ""
	}
	data, _ := os.ReadFile(path)
	return string(data)
}
