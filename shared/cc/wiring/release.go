package wiring

import (
	"path/filepath"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/settingsjson"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// StableNames are the binaries kept in [StableDir] across plugin
// versions and after the plugin is gone: the status line, the si and ai
// that the status line, the user commands and the CLIs on PATH run, and
// the siblings those hand work to.
var StableNames = []string{BinaryName, "si", "si-refresh", "si-ail", "ai", "ai-sync"}

// StableDir is where the stable copies live: the private state's bin/,
// outside every folder of the plugin's (Claude Code deletes the plugin's
// data directory when it uninstalls it, and its root changes with every
// version). Settings mode installs all its binaries there too.
func StableDir(d paths.Dirs) string { return filepath.Join(d.State, "bin") }

// CopyStable copies each of [StableNames] that the plugin at root has
// (found with find, e.g. paths.PluginBinary) into dir, where missing or
// older; copied reports whether any was written. It costs a few stats
// when everything is in place.
func CopyStable(find func(name string) string, dir string) (copied bool, err error) {
	for _, name := range StableNames {
		src := find(name)
		if src == "" {
			continue
		}
		wrote, err := installCopy(src, filepath.Join(dir, proc.Exe(name)))
		if err != nil {
			return copied, err
		}
		copied = copied || wrote
	}
	return copied, nil
}

// Release gives statusLine back on the status line's own initiative,
// once the plugin that wired it is uninstalled or disabled: the previous
// statusLine goes back byte for byte while settings.json still runs us
// (a statusLine the user changed since is theirs and stays), and the
// record is kept, marked released, so that a redraw still reaching us
// runs only the previous command. The mark is written under the lock of
// settings.json, like the record of [Wire], so that a SessionStart
// rewiring at the same moment is never undone. A SessionStart of the
// re-enabled plugin wires everything again ([Point]). gone is asked
// again under the lock, with the record as it then is.
func Release(d paths.Dirs, now time.Time, gone func(Record) bool) (changed bool, err error) {
	settings := filepath.Join(d.Claude, "settings.json")
	changed, _, err = settingsjson.EditAllowBlank(settings, func(doc []byte) ([]byte, error) {
		rec := load(d)
		if rec.Binary == "" || rec.Released != "" || !gone(rec) {
			return doc, nil // unwired, released, or wired anew meanwhile
		}
		next, err := giveBack(doc, rec)
		if err != nil {
			return nil, err
		}
		rec.Released = now.UTC().Format(time.RFC3339)
		if err := save(d, rec); err != nil {
			return nil, err
		}
		return next, nil
	})
	return changed, err
}
