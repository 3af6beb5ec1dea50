package full

import (
	"errors"
	"fmt"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
)

// ErrLive: the agent has a session that may still be running.
var ErrLive = errors.New("has a session that has not ended")

// Change says what a removal or a rename did.
type Change struct {
	// Commit is the event's commit, "" when nothing changed.
	Commit string
	// Sessions are the sessions that were attached to the agent: detached
	// by a removal, following a rename.
	Sessions []string
}

// LiveError names the agent's sessions that have not ended.
func LiveError(name string, live []string) error {
	it, that := "it", "that Claude Code session"
	if len(live) > 1 {
		it, that = "them", "those Claude Code sessions"
	}
	return fmt.Errorf("agent %s %w, so it may still be running: %s. End %s (exit %s), or pass --force to remove the agent anyway (its sessions are detached and record nothing more)",
		name, ErrLive, strings.Join(live, ", "), it, that)
}

// Remove deletes agent name and its thread from the working tree, as one
// event named message; the store's history keeps them. An agent whose
// sessions have not all ended is refused unless force is set; forced,
// those sessions are detached.
func (w *Workspace) Remove(name string, force bool, message string) (Change, error) {
	a, err := w.Agent(name)
	if err != nil {
		return Change{}, err
	}
	s, err := w.Store()
	if err != nil {
		return Change{}, err
	}
	var out Change
	out.Commit, err = s.Event(message, func() error {
		if !a.Exists() {
			return fmt.Errorf("%w %q: removed meanwhile", thread.ErrNoAgent, name)
		}
		if live := a.Live(); len(live) > 0 && !force {
			return LiveError(name, live)
		}
		out.Sessions = a.AttachedSessions()
		return a.Remove()
	})
	return out, err
}

// ErrNameTaken: another agent has the name.
var ErrNameTaken = errors.New("name taken")

// CanRename checks a rename before it is asked for or made: to is a
// valid name no agent has, from an agent that exists.
func (w *Workspace) CanRename(from, to string) (thread.Agent, error) {
	if err := thread.ValidName(to); err != nil {
		return thread.Agent{}, err
	}
	a, err := w.Agent(from)
	if err != nil {
		return a, err
	}
	if from == to {
		return a, fmt.Errorf("agent %s is already called %s", from, to)
	}
	if (thread.Agent{Root: w.Root(), Name: to}).Exists() {
		return a, fmt.Errorf("cannot rename %s to %s: %w: agent %s exists; pick another name, or remove it first (ai agent rm %s)", from, to, ErrNameTaken, to, to)
	}
	return a, nil
}

// Rename gives agent from the name to, as one event named message: its
// thread moves, the sessions attached to it follow, and a record says
// what it was called. A name in use is refused.
func (w *Workspace) Rename(from, to, message string) (Change, error) {
	a, err := w.CanRename(from, to)
	if err != nil {
		return Change{}, err
	}
	s, err := w.Store()
	if err != nil {
		return Change{}, err
	}
	var out Change
	out.Commit, err = s.Event(message, func() error {
		if _, err := w.CanRename(from, to); err != nil {
			return err // made or removed meanwhile
		}
		var err error
		_, out.Sessions, err = a.RenameTo(to, w.Env.Now())
		return err
	})
	return out, err
}

// errGone: the agent a run writes for was removed or renamed meanwhile.
var errGone = errors.New("was removed or renamed while its summaries were being written")

// stillThere fails when agent a no longer exists (ai agent rm or rename
// ran meanwhile), so that a running build does not bring a stray
// directory back. The caller holds the store's lock.
func stillThere(a thread.Agent) error {
	if !a.Exists() {
		return fmt.Errorf("agent %s %w", a.Name, errGone)
	}
	return nil
}
