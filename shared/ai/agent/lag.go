package agent

import (
	"os"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
)

// Claude Code may fire Stop before the turn's last lines reach the
// transcript. A sync that finds a message still waiting for its response
// at Stop has met that lag: it watches the transcript for at most lagWait
// and copies again when it grows, so the turn is in the thread when the
// turn is over, not only at the session's next event.
const (
	lagWait = time.Second
	lagPoll = 20 * time.Millisecond
)

// catchUp is syncLate for the Stop hook, with a log line either way.
func catchUp(rt *hookio.Runtime, root, name, transcript string, res thread.SyncResult) (thread.SyncResult, error) {
	start := time.Now()
	res, err := syncLate(root, rt.SID, transcript, res, rt.Now)
	meta := map[string]any{"agent": name, "waited_ms": time.Since(start).Milliseconds()}
	switch {
	case err == nil && res.Pending:
		rt.Log.Warnf(meta, "agent: the turn's answer was not in the transcript %v after Stop (the next sync records it)", lagWait)
	case err == nil:
		rt.Log.Debugf(meta, "agent: the turn's answer reached the transcript after Stop")
	}
	return res, err
}

// syncLate copies again each time the transcript grows, until the waiting
// message is answered or lagWait has passed; it adds to res what it found.
func syncLate(root, sid, transcript string, res thread.SyncResult, now func() time.Time) (thread.SyncResult, error) {
	deadline := time.Now().Add(lagWait)
	size := fileSize(transcript)
	for res.Pending && time.Now().Before(deadline) {
		time.Sleep(lagPoll)
		n := fileSize(transcript)
		if n == size {
			continue
		}
		size = n
		_, more, err := SyncTurn(root, sid, transcript, time.Until(deadline), now())
		if err != nil {
			return res, err
		}
		res.Bytes += more.Bytes
		res.Turns += more.Turns
		res.Pending = more.Pending
		res.Repaired = append(res.Repaired, more.Repaired...)
		if more.Rewritten != "" {
			res.Rewritten = more.Rewritten
		}
	}
	return res, nil
}

// fileSize is the transcript's length, -1 when it cannot be read.
func fileSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return -1
	}
	return fi.Size()
}
