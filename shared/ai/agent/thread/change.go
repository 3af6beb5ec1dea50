package thread

import (
	"errors"
	"fmt"
	"os"
	"time"
)

// KindRenamed records that the agent was renamed; Note holds the old
// name.
const KindRenamed = "renamed"

// Live lists the sessions attached to the agent that have not ended:
// they may still be running. A thread whose records cannot be read is
// judged by its copies' states.
func (a Agent) Live() []string {
	var out []string
	th, err := Load(a)
	if err != nil {
		for _, sid := range a.AttachedSessions() {
			if st, err := a.LoadState(sid); err != nil || !st.Ended {
				out = append(out, sid)
			}
		}
		return out
	}
	for _, id := range th.Order {
		if s := th.Sessions[id]; s.Attached && !s.Ended {
			out = append(out, id)
		}
	}
	return out
}

// ReopenIfEnded records that a session which had ended started again
// (claude --resume): it is live once more. It reports whether it did.
// The caller holds the store's lock.
func (a Agent) ReopenIfEnded(sid string, now time.Time) (bool, error) {
	st, err := a.LoadState(sid)
	if err != nil || !st.Ended {
		return false, err
	}
	return true, a.Resumed(sid, now)
}

// Remove deletes the agent's thread, its log and every session's
// attachment to it (the store's history keeps them). The caller holds
// the store's lock and commits.
func (a Agent) Remove() error {
	for _, sid := range a.AttachedSessions() {
		if err := setAttached(a.Root, sid, ""); err != nil {
			return err
		}
	}
	if err := os.Remove(a.LogPath()); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("remove agent %s: %w", a.Name, err)
	}
	if err := os.RemoveAll(a.Dir()); err != nil {
		return fmt.Errorf("remove agent %s: %w", a.Name, err)
	}
	return nil
}

// RenameTo moves the thread to a new name, points the sessions attached
// to it at that name and records the rename; it returns the agent under
// its new name and the sessions that follow it. The caller holds the
// store's lock and commits.
func (a Agent) RenameTo(name string, now time.Time) (Agent, []string, error) {
	to := Agent{Root: a.Root, Name: name}
	if err := ValidName(name); err != nil {
		return to, nil, err
	}
	if _, err := os.Lstat(to.Dir()); err == nil {
		return to, nil, fmt.Errorf("cannot rename %s to %s: %w: %s is in the way; move it aside", a.Name, name, ErrExists, to.Dir())
	}
	sessions := a.AttachedSessions()
	if err := os.Rename(a.Dir(), to.Dir()); err != nil {
		return to, nil, fmt.Errorf("rename agent %s: %w", a.Name, err)
	}
	if err := os.Rename(a.LogPath(), to.LogPath()); err != nil && !errors.Is(err, os.ErrNotExist) {
		return to, nil, fmt.Errorf("rename agent %s: %w", a.Name, err)
	}
	for _, sid := range sessions {
		if err := setAttached(a.Root, sid, name); err != nil {
			return to, nil, err
		}
	}
	if _, err := repairTail(to.records()); err != nil {
		return to, sessions, err
	}
	return to, sessions, appendLine(to.records(), Record{Kind: KindRenamed, At: now.UTC(), Agent: name, Note: a.Name})
}
