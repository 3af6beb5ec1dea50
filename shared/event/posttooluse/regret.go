package posttooluse

import (
	"errors"
	"io/fs"
	"os"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/intel/history"
	"github.com/session-intelligence/session-intelligence/shared/intel/regret"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
)

// watchRegret feeds this call to the regret window the last compaction
// opened (its snapshot, if any). When the window closes, the weighted
// counts are stamped onto that compaction's history entry and the
// snapshot is removed.
func watchRegret(rt *hookio.Runtime, in *hookio.Input, dir session.Dir, c call) error {
	var snap regret.Snapshot
	_, err := fsutil.ReadOwnDecoded(dir.Snapshot(), 1<<20, jsonx.Into(&snap))
	if errors.Is(err, fs.ErrNotExist) {
		return nil // none, or a damaged one moved aside
	}
	if err != nil {
		return err
	}
	if !snap.Observe(c.root, in.ToolName, c.command, rt.Now()) {
		out, err := snap.MarshalJSON()
		if err != nil {
			return err
		}
		return fsutil.WriteOwn(dir.Snapshot(), out, fsutil.NoSync)
	}
	_, err = history.Update(history.Path(rt.Dirs.Logs),
		func(e history.Entry) bool { return e.T == snap.T && e.SID == snap.SID },
		func(e *history.Entry) { snap.Stamp(e) })
	rt.Log.Infof(map[string]any{"regret": len(snap.Regret), "soft": len(snap.Soft), "positive": len(snap.Positive)}, "post-compact window closed")
	if err := os.Remove(dir.Snapshot()); err != nil {
		return err
	}
	return err
}
