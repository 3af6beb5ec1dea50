package sessionend

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// maxTightened bounds the walk: the state root holds a week of sessions
// (each a few files and at most a few hundred archives), far fewer.
const maxTightened = 50_000

// ourLogs are the names of the files the plugin keeps in the logs
// directory, which it shares with no one but may one day.
var ourLogs = []string{"compact-history.jsonl", "session-intel-", ".session-intel.lock", "crash-"}

// tightenState takes group and other access away from every path under
// the private state root and from the plugin's own log files, once per
// session as it ends: files are created private, but a copy restored
// from a backup, a chmod -R or another tool can leave some open, and
// the hooks rewrite only the files a session touches.
func tightenState(rt *hookio.Runtime, _ *hookio.Input) (hookio.Result, error) {
	n, err := fsutil.Tighten(rt.Dirs.State, maxTightened)
	if err != nil {
		return hookio.Result{}, err
	}
	if entries, err := os.ReadDir(rt.Dirs.Logs); err == nil {
		for _, e := range entries {
			if ours(e.Name()) {
				k, _ := fsutil.Tighten(filepath.Join(rt.Dirs.Logs, e.Name()), 1)
				n += k
			}
		}
	}
	if n > 0 {
		rt.Log.Infof(nil, "made %d paths under the state folder and logs private again (0700/0600)", n)
	}
	return hookio.Result{}, nil
}

func ours(name string) bool {
	for _, p := range ourLogs {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}
