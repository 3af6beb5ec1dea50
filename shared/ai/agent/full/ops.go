package full

import (
	"errors"
	"fmt"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent"
	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
)

// syncWait bounds the wait for the store's lock by a command's catch-up
// sync: it is skipped rather than held up.
const syncWait = 2 * time.Second

// New makes an agent with an empty thread; message names the command.
func (w *Workspace) New(name, message string) error {
	if err := thread.ValidName(name); err != nil {
		return err
	}
	return w.Event(message, func() error {
		_, err := thread.Create(w.Root(), name, w.Env.Now())
		return err
	})
}

// ErrAttached: the session belongs to another agent.
var ErrAttached = errors.New("attached to another agent")

// Attached says what attaching did.
type Attached struct {
	Again bool
	thread.SyncResult
}

// Attach attaches session sid (transcript may be "", found or expected
// from cwd) to agent name and copies its transcript, all in one event. A
// session attached elsewhere is refused; attached here already, its part
// of the thread is rebuilt from the transcript.
func (w *Workspace) Attach(name, sid, transcript, cwd, message string) (Attached, error) {
	a, err := w.Agent(name)
	if err != nil {
		return Attached{}, err
	}
	transcript = w.transcriptFor(a, sid, cwd, transcript)
	var out Attached
	err = w.Event(message, func() error {
		current, err := thread.AttachedTo(w.Root(), sid)
		if err != nil {
			return err
		}
		if current != "" && current != name {
			return fmt.Errorf("session %s is %w %s: detach it first (/ai detach, or ai agent detach --session %s)", sid, ErrAttached, current, sid)
		}
		out.Again = current == name
		out.SyncResult, err = a.Attach(sid, transcript, cwd, w.Env.Now())
		return err
	})
	return out, err
}

// ErrNotAttached: the session has no agent.
var ErrNotAttached = errors.New("not attached to an agent")

// Detach detaches session sid from its agent, whose thread keeps what it
// recorded; it returns the agent's name.
func (w *Workspace) Detach(sid, message string) (string, error) {
	var name string
	err := w.Event(message, func() error {
		var err error
		if name, err = thread.AttachedTo(w.Root(), sid); err != nil {
			return err
		}
		if name == "" {
			return fmt.Errorf("session %s is %w", sid, ErrNotAttached)
		}
		a, err := w.Agent(name)
		if err != nil {
			return err
		}
		if _, err := a.Sync(sid, "", w.Env.Now()); err != nil {
			return err
		}
		return a.Detach(sid, w.Env.Now())
	})
	return name, err
}

// EndSession syncs an attached session's last turn and records its end,
// committed as one event; wait bounds the wait for the lock (the
// SessionEnd hook's budget is short: a busy store leaves the work to the
// next event). It returns the agent, "" for a session with none.
func (w *Workspace) EndSession(sid, transcript string, wait time.Duration) (string, error) {
	name, err := w.SessionAgent(sid)
	if err != nil || name == "" {
		return "", err
	}
	a, err := w.Agent(name)
	if err != nil {
		return name, err
	}
	s, err := w.Store()
	if err != nil {
		return name, err
	}
	_, err = s.EventWithin(wait, "ai agent end-session", func() error {
		if _, err := a.Sync(sid, transcript, w.Env.Now()); err != nil {
			return err
		}
		return a.End(sid, w.Env.Now())
	})
	return name, err
}

// SyncTurn copies what an attached session's transcript gained (the Stop
// hook's work, package ai/agent), without committing. It returns the
// agent, "" for none.
func (w *Workspace) SyncTurn(sid, transcript string, wait time.Duration) (string, thread.SyncResult, error) {
	return agent.SyncTurn(w.Root(), sid, transcript, wait, w.Env.Now())
}

// catchUp syncs the agent's sessions before it is read, so a turn whose
// Stop hook ran before its transcript was complete is whole, and lines
// Claude Code wrote after a session's end are copied too. A sync of an
// unchanged transcript is a stat and one small read. A busy store or a
// failing copy leaves the thread as it is.
func (w *Workspace) catchUp(a thread.Agent) {
	live := a.AttachedSessions()
	if len(live) == 0 {
		return
	}
	_ = w.Quietly(syncWait, func() error {
		for _, id := range live {
			_, _ = a.Sync(id, "", w.Env.Now())
		}
		return nil
	})
}

// NewAttached makes an agent and attaches session sid to it, as one
// event (/ai new NAME).
func (w *Workspace) NewAttached(name, sid, transcript, cwd, message string) (Attached, error) {
	if err := thread.ValidName(name); err != nil {
		return Attached{}, err
	}
	transcript = w.transcriptFor(thread.Agent{Root: w.Root(), Name: name}, sid, cwd, transcript)
	var out Attached
	err := w.Event(message, func() error {
		current, err := thread.AttachedTo(w.Root(), sid)
		if err != nil {
			return err
		}
		if current != "" {
			return fmt.Errorf("session %s is %w %s: detach it first (/ai detach)", sid, ErrAttached, current)
		}
		a, err := thread.Create(w.Root(), name, w.Env.Now())
		if err != nil {
			return err
		}
		out.SyncResult, err = a.Attach(sid, transcript, cwd, w.Env.Now())
		return err
	})
	return out, err
}

// transcriptFor is the transcript given, else the one the agent copied
// the session from before, else the session's file found under Claude
// Code's projects, else where a session in cwd writes it.
func (w *Workspace) transcriptFor(a thread.Agent, sid, cwd, given string) string {
	if given != "" {
		return given
	}
	if st, err := a.LoadState(sid); err == nil && transcriptExists(st.Transcript) {
		return st.Transcript
	}
	if t := FindTranscript(w.Env.Getenv, sid); t != "" {
		return t
	}
	return DefaultTranscript(w.Env.Getenv, cwd, sid)
}
