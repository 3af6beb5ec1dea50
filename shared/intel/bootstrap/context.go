package bootstrap

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/session-intelligence/session-intelligence/shared/core/gitinfo"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/intel/sessionctx"
	"github.com/session-intelligence/session-intelligence/templates"
)

// ContextFile is the name of the per-project note.
const ContextFile = "session-context.md"

// ContextResult says what [SessionContext] did.
type ContextResult struct {
	Path    string   // the session-context.md; "" when the project has no directory yet
	Seeded  bool     // the file was created from the template
	Filled  []string // sections rewritten from the last commit
	Sha     string   // HEAD at the time ("" outside git or before the first commit)
	NeedGit bool     // a fill is due but the git status cache is missing or stale
	GitRoot string   // the repository to refresh when NeedGit is set
	// LeftAlone says why the file was not examined (too large, binary,
	// not a regular file); the file is unchanged.
	LeftAlone string
}

// project locates the note and the repository of a working directory.
type project struct {
	dir, file string // ~/.claude/projects/<enc> and the note in it
	cache     string // the git status cache of root
	root      string // the git work tree root, "" outside git
	branch    string
	head      string // HEAD's commit, "" before the first commit
}

// locate finds the project of cwd; ok is false when Claude Code has not
// created its project directory (the note is only seeded beside the
// transcripts, never into a directory of our own making). HEAD is read
// from .git files: a few small reads, no git process.
func locate(dirs paths.Dirs, cwd string) (p project, ok bool) {
	if !filepath.IsAbs(cwd) {
		return project{}, false
	}
	p.dir = dirs.ProjectDir(cwd)
	if fi, err := os.Stat(p.dir); err != nil || !fi.IsDir() {
		return project{}, false
	}
	p.file = filepath.Join(p.dir, ContextFile)
	if root := paths.GitRoot(cwd); root != "" {
		if g, found := gitinfo.Find(root); found {
			p.root, p.cache = g.Root, gitinfo.CachePath(dirs.Cache(), g.Root)
			p.branch, p.head = g.Head()
		}
	}
	return p, true
}

// SessionContext keeps the session-context.md of cwd's project: it seeds
// the file from the template when it is missing, then fills Current Task
// and Key Files from the last commit while they hold only placeholders or
// our own earlier fill. The subject and files come from the git status
// cache, and only when it describes HEAD; otherwise NeedGit asks the
// caller to start the background refresher and nothing is written. A
// section with real content is never touched, every other byte of the
// file is kept, and an unchanged file is not rewritten.
func SessionContext(dirs paths.Dirs, cwd string) (ContextResult, error) {
	p, ok := locate(dirs, cwd)
	if !ok {
		return ContextResult{}, nil
	}
	return p.update()
}

// update seeds and fills the note of p.
func (p project) update() (ContextResult, error) {
	res := ContextResult{Path: p.file, Sha: p.head, GitRoot: p.root}
	seeded, err := createExclusive(p.file, templates.SessionContext(), 0o600)
	if err != nil {
		return res, err
	}
	res.Seeded = seeded
	if p.head == "" {
		return res, nil
	}
	data, fi, err := readRegular(p.file, sessionctx.MaxFile)
	if err != nil {
		if res.LeftAlone = leftAloneReason(err); res.LeftAlone != "" || errors.Is(err, fs.ErrNotExist) {
			return res, nil
		}
		return res, err
	}
	if !isText(data) {
		res.LeftAlone = "not a text file"
		return res, nil
	}
	plan := planFill(data, p.head)
	if !plan.needed {
		return res, nil
	}
	c, fresh := p.lastCommit()
	if !fresh {
		res.NeedGit = true
		return res, nil
	}
	out, filled := plan.apply(data, c)
	if bytes.Equal(out, data) {
		return res, nil
	}
	if err := replaceFile(p.file, out, fi.Mode().Perm()); err != nil {
		return res, fmt.Errorf("fill %s: %w", p.file, err)
	}
	res.Filled = filled
	return res, nil
}

// lastCommit reads HEAD's subject and files from the status cache; fresh
// is false when the cache is missing or was computed for another commit.
func (p project) lastCommit() (commit, bool) {
	st, ok := gitinfo.Load(p.cache)
	if !ok || st.Head != p.head {
		return commit{}, false
	}
	return commit{sha: p.head, branch: p.branch, subject: st.Subject, files: st.HeadFiles}, true
}

// sessionContext is the Run step: it skips the file entirely when HEAD
// and the file are as the last run left them, else updates it and
// records the outcome. A pending NeedGit is not recorded, so the next
// session tries again once the refresher has filled the cache.
func (r *runner) sessionContext() {
	p, ok := locate(r.opts.Dirs, r.opts.Cwd)
	if !ok {
		return
	}
	e := r.st.Contexts[p.dir]
	if e != nil && e.Sha == p.head && e.File == stampOf(p.file) {
		return
	}
	res, err := p.update()
	switch {
	case err != nil:
		r.problem("session-context: %v", err)
		return
	case res.NeedGit:
		r.rep.NeedGit = res.GitRoot
		return
	case res.LeftAlone != "":
		r.problem("session-context: %s left alone: %s", res.Path, res.LeftAlone)
	}
	if res.Seeded {
		r.action("seeded %s", res.Path)
	}
	if e == nil {
		e = &contextEntry{}
		if r.st.Contexts == nil {
			r.st.Contexts = map[string]*contextEntry{}
		}
		r.st.Contexts[p.dir] = e
	}
	if len(res.Filled) > 0 {
		r.action("auto-filled %v of %s from %s", res.Filled, res.Path, short(res.Sha))
		e.Fills++
	}
	e.Sha, e.File, e.Seen = p.head, stampOf(p.file), r.opts.Now.Unix()
}
