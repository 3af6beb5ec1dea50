package line

import (
	"fmt"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/gitinfo"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
)

// gitTTL is how long a cached status is trusted when HEAD and the index
// did not change (edits to tracked files change neither).
const gitTTL = 15 * time.Second

// repo locates the git repository of the working directory.
func (r *redraw) repo() (gitinfo.Dirs, bool) {
	type found struct {
		d  gitinfo.Dirs
		ok bool
	}
	f := once(r, "repo", func() found {
		root := paths.GitRoot(r.cwd)
		if root == "" {
			return found{}
		}
		d, ok := gitinfo.Find(root)
		return found{d, ok}
	})
	return f.d, f.ok
}

// branch is read from .git files directly: cheap enough for every redraw.
func (r *redraw) branch() string {
	return once(r, "branch", func() string {
		d, ok := r.repo()
		if !ok {
			return ""
		}
		branch, sha := d.Head()
		if branch == "" && len(sha) >= 7 {
			return termtext.Line(sha[:7])
		}
		return termtext.Line(branch) // a branch name may hold any byte git allows
	})
}

// git returns the cached status and, when it no longer matches HEAD and
// the index or is older than gitTTL, starts the background refresher.
// The redraw never runs git itself: a stale or missing status renders
// what is known (or nothing) rather than stalling.
func (r *redraw) git() gitinfo.Status {
	return once(r, "git", func() gitinfo.Status {
		d, ok := r.repo()
		if !ok {
			return gitinfo.Status{}
		}
		path := gitinfo.CachePath(r.env.Dirs.Cache(), d.Root)
		st, cached := gitinfo.Load(path)
		if !cached || st.Key != d.Key() || r.now.Sub(time.Unix(st.At, 0)) > gitTTL {
			r.refresh(path+".spawn", "git", d.Root)
		}
		return st
	})
}

// refresh starts a background refresher unless one was started for the
// same marker within the last few seconds.
func (r *redraw) refresh(marker string, args ...string) {
	if r.env.Spawn == nil {
		return
	}
	if fsutil.Recent(marker, r.now, 5*time.Second) {
		return
	}
	if err := fsutil.Touch(marker, r.now); err != nil {
		return
	}
	r.env.Spawn(args...)
}

func fieldBranch(r *redraw) cell {
	if b := r.branch(); b != "" {
		return cell{text: truncateMiddle(b, r.cfg.MaxBranchLength)}
	}
	return cell{}
}

func fieldDirty(r *redraw) cell {
	if n := r.git().Dirty; n > 0 {
		return cell{text: fmt.Sprintf("±%d", n)}
	}
	return cell{}
}

func fieldDiffstat(r *redraw) cell {
	st := r.git()
	if st.Added == 0 && st.Deleted == 0 {
		return cell{}
	}
	return cell{text: fmt.Sprintf("(+%d,-%d)", st.Added, st.Deleted)}
}
