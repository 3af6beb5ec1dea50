package line

import (
	"fmt"

	"github.com/session-intelligence/session-intelligence/shared/cc/pluginstate"
	"github.com/session-intelligence/session-intelligence/shared/cc/wiring"
	"github.com/session-intelligence/session-intelligence/shared/core/intellog"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// pluginGone reports whether the plugin that wired the status line
// (rec.Plugin) is no longer installed and enabled. Wiring done in
// settings mode or from --plugin-dir names no plugin and is never gone.
// The check is cached by the stamps of Claude Code's two files, so a
// redraw pays two stats and a small read for it.
func pluginGone(dirs paths.Dirs, rec wiring.Record) bool {
	return rec.Plugin != "" && !pluginstate.Active(dirs, rec.Plugin)
}

// stepAside is a redraw after the plugin is gone: `claude plugin
// uninstall` or `disable` (or /plugin) left settings.json running this
// stable copy. It prints only the user's previous status line (nothing
// when there was none) and gives statusLine back ([wiring.Release]), so
// that Claude Code runs the previous command itself from then on.
func stepAside(env IO, dirs paths.Dirs, rec wiring.Record, chain Chain, payload []byte) int {
	prev := previousAsync(chain, true, payload, env.Environ())
	if rec.Released == "" {
		changed, err := wiring.Release(dirs, env.Now(), func(r wiring.Record) bool { return pluginGone(dirs, r) })
		log := &intellog.Logger{Dir: dirs.Logs, Source: "statusline", Now: env.Now, Min: intellog.Info}
		switch {
		case err != nil:
			log.Warnf(nil, "plugin %s is gone; statusLine not given back yet: %v", rec.Plugin, err)
		case changed:
			log.Infof(nil, "plugin %s is gone: previous statusLine restored in settings.json", rec.Plugin)
		}
	}
	if out := <-prev; out != "" {
		fmt.Fprintln(env.Stdout, out)
	}
	return 0
}
