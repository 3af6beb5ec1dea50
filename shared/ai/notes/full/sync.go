// Package full shares an `ai notes` store through a git remote (any
// git server, or a path): it fetches the remote's main branch, merges it
// note by note (see merge.go), moves the store to the result and pushes
// it back. It links go-git's network transports, so it is kept out of
// the notes package.
package full

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	git "github.com/go-git/go-git/v5"
	"github.com/session-intelligence/session-intelligence/shared/ai/notes"
	gitstore "github.com/session-intelligence/session-intelligence/shared/ai/store/git"
	"github.com/session-intelligence/session-intelligence/shared/core/lock"
)

// Errors callers check with errors.Is.
var (
	ErrNoRemote = errors.New("no remote")
	ErrRemote   = errors.New("the remote is not an ai notes store")
)

// testOnlyBeforePush runs between the merge and the push; tests push
// from elsewhere there.
var testOnlyBeforePush = func() {}

// attempts bounds the fetch-merge-push rounds when others push between
// this sync's fetch and its push.
const attempts = 3

// Options of one sync.
type Options struct {
	// URL, when set, becomes the store's remote "origin" first.
	URL string
	// Now stamps merge commits and conflict copies; nil means time.Now.
	Now func() time.Time
	// LockWait bounds the wait for another sync; zero means 10 minutes,
	// and the context's deadline comes first.
	LockWait time.Duration
	// Progress, when set, hears each phase ("fetching", "checking",
	// "writing", "pushing") and, while files are written, how many of
	// total are done.
	Progress func(phase string, done, total int)
}

// Report says what a sync did.
type Report struct {
	URL string
	// Created: the store did not exist and was made from the remote.
	Created bool
	// Added, Changed and Removed count the notes that came in.
	Added, Changed, Removed int
	// Merged: both sides had changes; a merge commit joins them.
	Merged bool
	// Pushed: the remote was behind and now is not.
	Pushed bool
	// Conflicts list what both sides changed, each kept twice; Notices
	// what else was decided.
	Conflicts, Notices []string
}

// Sync syncs the notes store in dir with its remote.
func Sync(ctx context.Context, dir string, opts Options) (Report, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	n, created, err := openStore(dir, opts)
	if err != nil {
		return Report{}, err
	}
	repo, err := git.PlainOpen(n.Dir())
	if err != nil {
		return Report{}, fmt.Errorf("open %s: %w", n.Dir(), err)
	}
	url, err := setRemote(repo, opts.URL)
	if err != nil {
		return Report{}, err
	}
	s := &syncer{st: n.Store(), repo: repo, opts: opts, report: Report{URL: url, Created: created}}
	wait := opts.LockWait
	if wait <= 0 {
		wait = 10 * time.Minute
	}
	if end, ok := ctx.Deadline(); ok {
		wait = min(wait, time.Until(end))
	}
	err = lock.With(filepath.Join(n.Store().GitDir(), "ai-sync.lock"), wait, func() error { return s.run(ctx) })
	return s.report, err
}

// openStore opens the store, or makes an empty one when a remote is
// named for it.
func openStore(dir string, opts Options) (*notes.Notes, bool, error) {
	n, _, err := notes.Open(dir, opts.Now)
	if err == nil || !errors.Is(err, notes.ErrNoNotes) || opts.URL == "" {
		return n, false, err
	}
	return notes.Create(dir, opts.Now)
}

type syncer struct {
	st     *gitstore.Store
	repo   *git.Repository
	opts   Options
	report Report
}

// run fetches, merges and pushes until the push lands. A round that
// fails before the store takes what it fetched leaves nothing of it.
func (s *syncer) run(ctx context.Context) error {
	var err error
	for range attempts {
		if err = s.pull(ctx); err != nil {
			return err
		}
		testOnlyBeforePush()
		s.progress("pushing", 0, 0)
		var pushed bool
		pushed, err = push(ctx, s.repo)
		s.report.Pushed = s.report.Pushed || pushed
		if err == nil || !retryable(err) {
			return err
		}
	}
	return fmt.Errorf("push to %s: %w (others kept pushing; run ai notes sync again)", s.report.URL, err)
}

// pull fetches and moves the store to include what came; when either
// fails, what was fetched is taken back.
func (s *syncer) pull(ctx context.Context) error {
	q := s.enter()
	s.progress("fetching", 0, 0)
	theirs, err := fetch(ctx, s.repo)
	if err == nil {
		err = s.st.Locked(0, func() error { return s.integrate(ctx, theirs) })
	}
	if err != nil {
		if rerr := s.rollback(q); rerr != nil {
			err = fmt.Errorf("%w (and taking back what was fetched: %v)", err, rerr)
		}
	}
	return err
}

// progress tells Options.Progress, when set, what the sync is doing.
func (s *syncer) progress(phase string, done, total int) {
	if s.opts.Progress != nil {
		s.opts.Progress(phase, done, total)
	}
}
