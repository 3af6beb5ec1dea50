// Package agent is the part of `ai agent` the Stop and SessionStart
// hooks run on every turn and session: find the project, copy the turn
// into the thread of the session's agent under the private store's lock,
// start the background summariser, and tell a resumed agent what its
// other sessions did. It links no git code (the commits are the
// commands' and the SessionEnd hook's, package ai/agent/full), so the
// hooks start fast. Every step fails open: a problem is logged and the
// session goes on.
package agent

import (
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	"github.com/session-intelligence/session-intelligence/shared/ai/settings"
	"github.com/session-intelligence/session-intelligence/shared/ai/store"
)

// Local is a project's private store as the hooks see it.
type Local struct {
	// Root is the store (.ai/local in the main checkout); Project the
	// directory of the project's ai.toml; Name the project's name
	// ([project] name, else that directory's).
	Root, Project, Name string
	Settings            settings.Settings
}

// ErrConvert: the store has an older format, converted only by a command
// the user runs on a terminal.
var ErrConvert = errors.New("the private store needs converting")

// Find finds the project around dir; nil, with no error, outside one.
func Find(home, dir string) (*Local, error) {
	l, err := settings.Find(home, dir)
	if err != nil || l.Root == "" {
		return nil, err
	}
	s, err := settings.Load(home, dir)
	if err != nil {
		return nil, err
	}
	root := store.Dir(l.MainRoot)
	older, err := store.CheckFormat(root)
	if err != nil {
		return nil, err
	}
	if older > 0 {
		return nil, fmt.Errorf("%w: %s has format %d; run an ai agent command on a terminal", ErrConvert, root, older)
	}
	name := s.Project.Name
	if name == "" {
		name = filepath.Base(l.Root)
	}
	return &Local{Root: root, Project: l.Root, Name: name, Settings: s}, nil
}

// SyncTurn copies what an attached session's transcript gained into its
// agent's thread under the store's lock, waiting at most wait, and
// commits nothing. It returns the agent, "" for a session with none.
func SyncTurn(root, sid, transcript string, wait time.Duration, now time.Time) (string, thread.SyncResult, error) {
	name, err := thread.AttachedTo(root, sid)
	if err != nil || name == "" {
		return "", thread.SyncResult{}, err
	}
	a, err := thread.Open(root, name)
	if err != nil {
		return name, thread.SyncResult{}, err
	}
	var res thread.SyncResult
	err = store.Locked(root, wait, func() error {
		var err error
		res, err = a.Sync(sid, transcript, now)
		return err
	})
	return name, res, err
}
