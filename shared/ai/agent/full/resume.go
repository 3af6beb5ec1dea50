package full

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/summary"
	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// maxInstructions caps one instructions file.
const maxInstructions = 256 << 10

// maxSystemPrompt keeps --append-system-prompt under Linux's limit on one
// argument (128 KiB).
const maxSystemPrompt = 120 << 10

// Launch is how to start the harness for an agent.
type Launch struct {
	// Dir is where it runs; Args its arguments (without the program).
	Dir  string
	Args []string
	// SessionID is the session resumed or made; New says which.
	SessionID string
	New       bool
}

// Resume prepares `ai agent resume`: the agent's newest session still
// attached to it, in the directory it ran in, else a new session (in the
// agent's worktree, else dir) attached before it starts, whose context
// is the thread's view: its lines are written first, and a failure
// starts nothing. The agent's instructions go into the system prompt
// either way. It commits one event, named message.
func (w *Workspace) Resume(ctx context.Context, name, dir, message string, extra []string, o BuildOptions) (Launch, error) {
	a, err := w.Agent(name)
	if err != nil {
		return Launch{}, err
	}
	instr, err := w.Instructions(name)
	if err != nil {
		return Launch{}, err
	}
	if wt := w.Project.Settings.Agents[name].Worktree; wt != "" {
		if err := w.checkWorktree(name, wt); err != nil {
			return Launch{}, err
		}
		dir = wt
	}
	w.catchUp(a)
	th, err := thread.Load(a)
	if err != nil {
		return Launch{}, err
	}
	if s := newestSession(th); s != nil {
		l := Launch{Dir: s.Cwd, SessionID: s.ID, Args: []string{"--resume", s.ID}}
		if fi, err := os.Stat(s.Cwd); err != nil || !fi.IsDir() {
			l.Dir = dir
		}
		err := w.Event(message, func() error { return a.Resumed(s.ID, w.Env.Now()) })
		return l.with(instr, "", extra), err
	}
	return w.newSession(ctx, a, dir, message, instr, extra, o)
}

// newSession writes the view's lines, attaches a new session id and
// returns its launch.
func (w *Workspace) newSession(ctx context.Context, a thread.Agent, dir, message, instr string, extra []string, o BuildOptions) (Launch, error) {
	o.Scope = summary.ForView
	_, rep, err := w.Build(ctx, a, o)
	if err == nil {
		err = rep.Err()
	}
	if err != nil {
		_ = w.Event(message, nil) // the lines written stay
		return Launch{}, fmt.Errorf("no session started: %w", err)
	}
	v, err := w.View(a)
	if err != nil {
		return Launch{}, err
	}
	sid := newSessionID()
	transcript := DefaultTranscript(w.Env.Getenv, dir, sid)
	err = w.Event(message, func() error {
		_, err := a.Attach(sid, transcript, dir, w.Env.Now())
		return err
	})
	l := Launch{Dir: dir, SessionID: sid, New: true, Args: []string{"--session-id", sid}}
	return l.with(instr, threadContext(a.Name, w.Project.Name, v.Text), extra), err
}

// with adds the system prompt and the user's own arguments.
func (l Launch) with(instr, view string, extra []string) Launch {
	text := strings.TrimSpace(strings.Join(nonEmpty(instr, view), "\n\n"))
	if len(text) > maxSystemPrompt {
		text = text[:maxSystemPrompt] + "\n[…cut to fit the command line; ai agent view prints the rest]"
	}
	if text != "" {
		l.Args = append(l.Args, "--append-system-prompt", text)
	}
	l.Args = append(l.Args, extra...)
	return l
}

func nonEmpty(parts ...string) []string {
	var out []string
	for _, p := range parts {
		if strings.TrimSpace(p) != "" {
			out = append(out, p)
		}
	}
	return out
}

// threadContext frames the view a new session starts from.
func threadContext(name, project, view string) string {
	return fmt.Sprintf("You are the agent %s of project %s. Your thread so far, across all your sessions, is below: start from it. Open a line with `ai agent zoom -a %s ID`; search it with `ai agent grep -a %s REGEX`.\n\n%s", name, project, name, name, view)
}

// newestSession is the session still attached to the thread that was
// active last, nil when there is none.
func newestSession(th *thread.Thread) *thread.Session {
	var best *thread.Session
	for _, id := range th.Order {
		s := th.Sessions[id]
		if s.Attached && (best == nil || s.Last.After(best.Last)) && transcriptExists(s.Transcript) {
			best = s
		}
	}
	return best
}

func transcriptExists(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

// Instructions are the agent's instructions files' texts, in order: the
// user's, the project's, then the private settings'.
func (w *Workspace) Instructions(name string) (string, error) {
	var parts []string
	for _, f := range w.Project.Settings.Agents[name].Instructions {
		data, err := fsutil.ReadCapped(f, maxInstructions)
		if err != nil {
			return "", fmt.Errorf("instructions of agent %s ([agents.%s] instructions): %w", name, name, err)
		}
		parts = append(parts, strings.TrimSpace(string(data)))
	}
	return strings.Join(parts, "\n\n"), nil
}

// ErrWorktree: the agent's worktree is missing or not one of the
// project's.
var ErrWorktree = errors.New("bad worktree")

// checkWorktree: the worktree exists and is a git worktree of the
// project's main checkout; ai makes none.
func (w *Workspace) checkWorktree(name, wt string) error {
	main := w.Project.MainRoot
	fi, err := os.Stat(wt)
	missing := err != nil || !fi.IsDir()
	switch {
	case missing && paths.GitRoot(main) == "":
		return fmt.Errorf("%w: agent %s works in %s, which does not exist, and %s is in no git repository: a worktree needs one (git init, commit ai.toml, then git worktree add %s)",
			ErrWorktree, name, wt, main, wt)
	case missing:
		return fmt.Errorf("%w: agent %s works in %s, which does not exist; make it with:\n  git -C %s worktree add %s",
			ErrWorktree, name, wt, paths.GitRoot(main), wt)
	}
	top := paths.CanonicalGitRoot(main)
	if top == "" || paths.CanonicalGitRoot(wt) != top {
		return fmt.Errorf("%w: agent %s works in %s, which is not a git worktree of %s (a copy or another clone keeps threads of its own)",
			ErrWorktree, name, wt, main)
	}
	rel, err := filepath.Rel(paths.GitRoot(main), main)
	if err != nil {
		return nil
	}
	if _, err := os.Stat(filepath.Join(paths.GitRoot(wt), rel, "ai.toml")); err != nil {
		return fmt.Errorf("%w: %s has no ai.toml at %s: check out a commit that holds it", ErrWorktree, wt, rel)
	}
	return nil
}

// newSessionID is a random version 4 UUID.
func newSessionID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
