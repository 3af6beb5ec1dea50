package thread

import (
	"fmt"
	"os"
	"time"
)

// Attach attaches a session to the agent and copies its transcript from
// the start; attaching a session again rebuilds its part of the thread
// from the transcript. transcript may not exist yet (a session about to
// start). The caller holds the store's lock.
func (a Agent) Attach(sid, transcript, cwd string, now time.Time) (SyncResult, error) {
	if _, err := repairTail(a.records()); err != nil {
		return SyncResult{}, err
	}
	if err := os.RemoveAll(a.sessionDir(sid)); err != nil {
		return SyncResult{}, fmt.Errorf("attach %s: %w", sid, err)
	}
	rec := Record{Kind: KindAttach, At: now.UTC(), Session: sid, Transcript: transcript, Cwd: cwd}
	if err := appendLine(a.records(), rec); err != nil {
		return SyncResult{}, err
	}
	if err := setAttached(a.Root, sid, a.Name); err != nil {
		return SyncResult{}, err
	}
	if err := a.saveState(sid, State{Transcript: transcript}); err != nil {
		return SyncResult{}, err
	}
	return a.Sync(sid, transcript, now)
}

// Detach records that the session no longer belongs to the agent; its
// turns stay in the thread.
func (a Agent) Detach(sid string, now time.Time) error {
	if _, err := repairTail(a.records()); err != nil {
		return err
	}
	if err := appendLine(a.records(), Record{Kind: KindDetach, At: now.UTC(), Session: sid}); err != nil {
		return err
	}
	return setAttached(a.Root, sid, "")
}

// End records that the session ended: its last turn is complete. Its
// copy state notes it too, so that a start of the same session can tell
// it runs again without reading the records ([Agent.ReopenIfEnded]).
func (a Agent) End(sid string, now time.Time) error {
	if _, err := repairTail(a.records()); err != nil {
		return err
	}
	if err := appendLine(a.records(), Record{Kind: KindEnd, At: now.UTC(), Session: sid}); err != nil {
		return err
	}
	st, err := a.LoadState(sid)
	if err != nil || st.Ended {
		return err
	}
	st.Ended = true
	return a.saveState(sid, st)
}

// Resumed records that the agent's session was resumed (ai agent
// resume): the session is live again.
func (a Agent) Resumed(sid string, now time.Time) error {
	if _, err := repairTail(a.records()); err != nil {
		return err
	}
	if err := appendLine(a.records(), Record{Kind: KindResume, At: now.UTC(), Session: sid}); err != nil {
		return err
	}
	st, err := a.LoadState(sid)
	if err != nil || !st.Ended {
		return err
	}
	st.Ended = false
	return a.saveState(sid, st)
}
