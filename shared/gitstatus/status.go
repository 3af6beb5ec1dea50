// Package gitstatus computes, with go-git, what the status line shows of
// a repository: the last commit subject, the dirty file count and the
// diffstat. It runs in a background refresher (si refresh git), never in
// a redraw, so the status line binary does not link go-git at all.
package gitstatus

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

	"github.com/session-intelligence/session-intelligence/shared/gitinfo"
)

// maxDiffFile bounds the files whose lines are counted for the diffstat.
const maxDiffFile = 1 << 20

// Compute opens the repository with go-git and computes the status. It
// stops counting diff lines when ctx ends, marking the result Truncated.
func Compute(ctx context.Context, d gitinfo.Dirs) (gitinfo.Status, error) {
	st := gitinfo.Status{Key: d.Key()}
	repo, err := git.PlainOpenWithOptions(d.Root, &git.PlainOpenOptions{DetectDotGit: true, EnableDotGitCommonDir: true})
	if err != nil {
		return st, err
	}
	var headTree *object.Tree
	if ref, err := repo.Head(); err == nil {
		if c, err := repo.CommitObject(ref.Hash()); err == nil {
			st.Subject, _, _ = strings.Cut(strings.TrimSpace(c.Message), "\n")
			headTree, _ = c.Tree()
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
		if fs.Worktree == git.Unmodified && fs.Staging == git.Unmodified {
			continue
		}
		st.Dirty++
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
