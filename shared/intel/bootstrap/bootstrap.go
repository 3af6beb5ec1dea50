// Package bootstrap is the part of the SessionStart hook that prepares a
// user's setup, idempotently, at every session start:
//
//  1. seed ~/.claude/session-intelligence.json once (never overwritten);
//  2. seed the project's session-context.md (beside Claude Code's
//     transcripts) and auto-fill its Current Task and Key Files from the
//     last commit until someone writes real content there;
//  3. keep a managed session-discipline block in the project's CLAUDE.md
//     between two markers, never touching anything outside them; a new
//     CLAUDE.md is only made at the top of a git work tree or beside a
//     .claude folder, and backups go to the private state directory.
//
// [Run] does all three under a lock and records what it did in a small
// state file, so that a session start with nothing to do costs a handful
// of stats and small reads. It never runs git: commit details come from
// the status cache the background refresher keeps, and when that cache is
// stale the report asks the caller to start the refresher instead.
package bootstrap

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/intellog"
	"github.com/session-intelligence/session-intelligence/shared/core/lock"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/templates"
)

// lockWait bounds how long Run waits for another session's bootstrap;
// past it the work is skipped, and the next session start does it.
const lockWait = 200 * time.Millisecond

// LockFile is the name of the lock under dirs.State.
const LockFile = "bootstrap.lock"

// Options configure [Run].
type Options struct {
	Dirs            paths.Dirs
	Cwd             string    // the session's working directory (absolute)
	Now             time.Time // zero means time.Now()
	ClaudeMDEnabled bool      // manage the block in the project's CLAUDE.md
	Rules           []byte    // the block's content; nil means templates.Rules()
}

// Report is what [Run] did, for the caller to log.
type Report struct {
	Actions  []string // changes made, one line each
	Problems []string // what failed or was left alone, and why
	// NeedGit is the repository whose git status cache is missing or
	// stale while an auto-fill is due: the caller starts
	// `si refresh git NeedGit`, and the next session fills from it.
	NeedGit string
	Busy    bool // another bootstrap held the lock: nothing was done
	Wrote   bool // the state file was written
	// FirstBlock is the CLAUDE.md the block was just written to for the
	// first time (created, or prepended to the user's file, whose copy
	// is FirstBackup): the user is told once.
	FirstBlock, FirstBackup string
}

// Log writes the report to l: actions at info level, problems as
// warnings, the rest at debug level.
func (r Report) Log(l *intellog.Logger) {
	for _, a := range r.Actions {
		l.Infof(nil, "bootstrap: %s", a)
	}
	for _, p := range r.Problems {
		l.Warnf(nil, "bootstrap: %s", p)
	}
	if r.NeedGit != "" {
		l.Debugf(nil, "bootstrap: git status cache stale for %s; auto-fill deferred", r.NeedGit)
	}
	if r.Busy {
		l.Debugf(nil, "bootstrap: another session holds the lock; skipped")
	}
}

// runner carries one Run.
type runner struct {
	opts Options
	st   state
	rep  *Report
}

func (r *runner) action(format string, a ...any) {
	r.rep.Actions = append(r.rep.Actions, fmt.Sprintf(format, a...))
}
func (r *runner) problem(format string, a ...any) {
	r.rep.Problems = append(r.rep.Problems, fmt.Sprintf(format, a...))
}

// Run seeds the config, keeps the project's session-context.md and the
// CLAUDE.md block, in that order, under <dirs.State>/bootstrap.lock. It
// never fails: what went wrong is listed in the report, and the session
// starts regardless.
func Run(opts Options) Report {
	var rep Report
	if opts.Dirs.State == "" {
		rep.Problems = append(rep.Problems, "no state directory; bootstrap skipped")
		return rep
	}
	if opts.Now.IsZero() {
		opts.Now = time.Now()
	}
	if opts.Rules == nil {
		opts.Rules = templates.Rules()
	}
	err := lock.With(filepath.Join(opts.Dirs.State, LockFile), lockWait, func() error {
		return (&runner{opts: opts, rep: &rep}).run()
	})
	switch {
	case errors.Is(err, lock.ErrTimeout):
		rep.Busy = true
	case err != nil:
		rep.Problems = append(rep.Problems, err.Error())
	}
	return rep
}

// run does the steps with the state loaded, then saves it if it changed.
func (r *runner) run() error {
	st, raw, err := loadState(r.opts.Dirs.State)
	if err != nil {
		r.problem("%v", err)
	}
	r.st = st
	r.seedConfig()
	r.sessionContext()
	r.claudeMD()
	wrote, err := saveState(r.opts.Dirs.State, r.st, raw)
	r.rep.Wrote = wrote
	return err
}

// seedConfig is the Run step for the config: it is looked at once, ever.
func (r *runner) seedConfig() {
	if r.st.SeededConfigAt != "" {
		return
	}
	seeded, err := SeedConfig(r.opts.Dirs)
	if err != nil {
		r.problem("%v", err)
		return
	}
	if seeded {
		r.action("seeded %s", r.opts.Dirs.Config())
	}
	r.st.SeededConfigAt = r.opts.Now.UTC().Format(time.RFC3339)
}

// claudeMD is the Run step for CLAUDE.md. It skips the file without
// reading it when the rules and the file are as the last run left them,
// and it never re-adds a block (or recreates a file) that was ours once
// and has since been removed: that is the user opting out.
func (r *runner) claudeMD() {
	if !r.opts.ClaudeMDEnabled {
		return
	}
	root, ok := claudeRoot(r.opts.Dirs, r.opts.Cwd)
	if !ok {
		return
	}
	path := filepath.Join(root, claudeFile)
	hash := rulesHash(r.opts.Rules)
	e := r.st.ClaudeMD[path]
	if e != nil && e.RulesHash == hash && e.File == stampOf(path) {
		return
	}
	res, err := claudeMD(claudeEdit{root: root, backups: claudeBackups(r.opts.Dirs), rules: r.opts.Rules,
		now: r.opts.Now, insert: e == nil || !e.Managed})
	if err != nil {
		r.problem("%v", err)
		return // not recorded: an I/O error may pass by the next session
	}
	if res.Action == NotProject {
		// Not recorded either: a `git init` or a new .claude folder there
		// must be noticed, and telling costs two stats.
		return
	}
	if e == nil {
		e = &claudeEntry{}
		if r.st.ClaudeMD == nil {
			r.st.ClaudeMD = map[string]*claudeEntry{}
		}
		r.st.ClaudeMD[path] = e
	}
	r.record(e, res)
	e.RulesHash, e.File, e.Seen = hash, stampOf(path), r.opts.Now.Unix()
	switch res.Action {
	case Created, Prepended, Refreshed, Unchanged:
		e.BlockHash = blockHash(r.opts.Rules)
	}
}

// record notes in the report and in e what [claudeMD] did to a CLAUDE.md.
// e then says, for the uninstaller, whether we created the file, when we
// first and last wrote it and where its backup is.
func (r *runner) record(e *claudeEntry, res Result) {
	at := r.opts.Now.UTC().Format(time.RFC3339)
	switch res.Action {
	case LeftAlone:
		r.problem("%s left alone: %s", res.Path, res.Reason)
	case Created, Prepended, Refreshed:
		r.action("%s the session-intelligence block in %s", res.Action, res.Path)
		if e.WrittenAt == "" && res.Action != Refreshed {
			r.rep.FirstBlock, r.rep.FirstBackup = res.Path, res.Backup
		}
		e.RefreshedAt = at
		e.WrittenAt = cmp.Or(e.WrittenAt, at)
		e.Created = e.Created || res.Action == Created
	}
	if res.Backup != "" {
		r.action("backed up %s to %s", res.Path, res.Backup)
		e.Backup = res.Backup
	}
	e.Managed = e.Managed || res.Action != LeftAlone
}

// claudeRoot is the directory whose CLAUDE.md is managed: the git root of
// cwd, else cwd. The home directory, the file system root and Claude's
// own directory are refused: a CLAUDE.md there is not a project's.
func claudeRoot(dirs paths.Dirs, cwd string) (string, bool) {
	if !filepath.IsAbs(cwd) {
		return "", false
	}
	root := paths.GitRoot(cwd)
	if root == "" {
		root = filepath.Clean(cwd)
	}
	if root == filepath.Dir(root) || root == filepath.Clean(dirs.Home) || within(root, dirs.Claude) {
		return "", false
	}
	return root, true
}

// within reports whether path is dir or below it.
func within(path, dir string) bool {
	if dir == "" {
		return false
	}
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// rulesHash identifies a version of the rules in the state file.
func rulesHash(rules []byte) string {
	sum := sha256.Sum256(rules)
	return hex.EncodeToString(sum[:8])
}
