// Package full is `ai agent`'s work on a project: named agents whose
// thread spans their Claude Code sessions. It ties the project (package
// ai/project), its private store (ai/store), the threads (ai/agent/thread),
// their summaries (ai/agent/summary) and views (ai/agent/view) together, for the command
// line and for the hooks. Every event commits the private store once,
// named after the command; syncs, views and the background summariser
// write without committing.
package full

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	aiproject "github.com/session-intelligence/session-intelligence/shared/ai/project"
	aistore "github.com/session-intelligence/session-intelligence/shared/ai/store"
	"github.com/session-intelligence/session-intelligence/shared/ai/store/full"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// EnvSession is the variable Claude Code sets to the session id in every
// command it runs (Bash tool, ! lines of commands, hooks).
const EnvSession = "CLAUDE_CODE_SESSION_ID"

// Env is the outside world of one operation: the process's IO (its Cwd
// is where the project is found from), the user's home, and who may be
// asked.
type Env struct {
	proc.IO
	Home string
	// Confirm asks the user to agree to convert an older store; nil when
	// there is nobody to ask.
	Confirm func(from, to int) (bool, error)
}

// Workspace is a project and its private store.
type Workspace struct {
	Env     Env
	Project aiproject.Project
	store   *full.Store
}

// Open finds the project around env.Cwd. A store of a newer format is
// refused; an older one is converted now if the user agrees.
func Open(env Env) (*Workspace, error) {
	p, err := aiproject.Find(env.Home, env.Cwd)
	if err != nil {
		return nil, err
	}
	w := &Workspace{Env: env, Project: p}
	older, err := aistore.CheckFormat(w.Root())
	if err != nil {
		return nil, err
	}
	if older > 0 {
		if _, err := w.Store(); err != nil {
			return nil, err
		}
	}
	return w, nil
}

// Root is the private store's directory.
func (w *Workspace) Root() string { return w.Project.LocalDir() }

// Store opens the private store for writing, making it on first use.
func (w *Workspace) Store() (*full.Store, error) {
	if w.store != nil {
		return w.store, nil
	}
	s, err := full.Open(w.Root(), "ai: start the private store", full.Options{Now: w.Env.Now, Confirm: w.Env.Confirm})
	if err != nil {
		return nil, err
	}
	w.store = s
	return s, nil
}

// Event runs write under the store's lock and commits what changed,
// named message: once per command, even when write fails.
func (w *Workspace) Event(message string, write func() error) error {
	s, err := w.Store()
	if err != nil {
		return err
	}
	_, err = s.Event(message, write)
	return err
}

// Quietly runs write under the store's lock, waiting at most wait, and
// commits nothing.
func (w *Workspace) Quietly(wait time.Duration, write func() error) error {
	return aistore.Locked(w.Root(), wait, write)
}

// Agent opens an agent the project has made.
func (w *Workspace) Agent(name string) (thread.Agent, error) { return thread.Open(w.Root(), name) }

// Agents lists the agents made here.
func (w *Workspace) Agents() ([]string, error) { return thread.List(w.Root()) }

// SessionAgent is the agent a session is attached to, "" for none.
func (w *Workspace) SessionAgent(sid string) (string, error) { return thread.AttachedTo(w.Root(), sid) }

// ErrNoSession: the command needs a Claude Code session and has none.
var ErrNoSession = errors.New("no Claude Code session")

// Session is the session a command runs in: explicit, else Claude Code's
// variable.
func (w *Workspace) Session(explicit string) (string, error) {
	raw := explicit
	if raw == "" {
		raw = w.Env.Getenv(EnvSession)
	}
	if raw == "" {
		return "", fmt.Errorf("%w: run it inside a session (the Bash tool or /ai), or pass --session ID", ErrNoSession)
	}
	sid := paths.SessionID(raw)
	if sid != raw {
		return "", fmt.Errorf("%q is not a session id", raw)
	}
	return sid, nil
}

// FindTranscript looks for a session's transcript under Claude Code's
// projects directory; "" when there is none yet.
func FindTranscript(getenv func(string) string, sid string) string {
	d, err := paths.Resolve(getenv)
	if err != nil {
		return ""
	}
	matches, _ := filepath.Glob(filepath.Join(d.Projects(), "*", sid+".jsonl"))
	for _, m := range matches {
		if fi, err := os.Stat(m); err == nil && fi.Mode().IsRegular() {
			return m
		}
	}
	return ""
}

// DefaultTranscript is where Claude Code will write a session started in
// dir.
func DefaultTranscript(getenv func(string) string, dir, sid string) string {
	d, err := paths.Resolve(getenv)
	if err != nil {
		return ""
	}
	return filepath.Join(d.ProjectDir(dir), sid+".jsonl")
}
