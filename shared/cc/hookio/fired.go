package hookio

import (
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// Each hook leaves one small file per event, <state>/fired/<Event>,
// holding the session id of its latest run; its modification time is
// when. `si status` and `si doctor` read it to tell "registered" from
// "registered and actually firing".

// FiredDir is the directory of the per-event records.
func FiredDir(d paths.Dirs) string { return filepath.Join(d.State, "fired") }

// Fired is the latest run of one hook.
type Fired struct {
	SID string
	At  time.Time
}

// markFired records this run. It is best effort: a hook that cannot
// write its record still does its work.
func markFired(d paths.Dirs, e Event, sid string) error {
	dir := FiredDir(d)
	if err := fsutil.PrivateTree(d.State, dir); err != nil {
		return err
	}
	return fsutil.WriteOwn(filepath.Join(dir, string(e)), []byte(sid+"\n"), fsutil.NoSync)
}

// ReadFired returns the latest run of each event that has one.
func ReadFired(d paths.Dirs) map[Event]Fired {
	out := map[Event]Fired{}
	for _, e := range Events {
		path := filepath.Join(FiredDir(d), string(e))
		st, err := os.Stat(path)
		if err != nil {
			continue
		}
		data, _ := fsutil.ReadCapped(path, 512)
		out[e] = Fired{SID: strings.TrimSpace(string(data)), At: st.ModTime()}
	}
	return out
}
