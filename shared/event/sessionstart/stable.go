package sessionstart

import (
	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/cc/pluginstate"
	"github.com/session-intelligence/session-intelligence/shared/cc/usercmd"
	"github.com/session-intelligence/session-intelligence/shared/cc/wiring"
	"github.com/session-intelligence/session-intelligence/shared/si/onpath"
)

// pluginOf names the installed plugin this hook runs as: its id in
// Claude Code's list ("" in settings mode and for --plugin-dir, which
// the list does not hold), and gone when Claude Code has uninstalled or
// disabled it while this session still runs its hooks (a /clear or a
// compaction starts a session again): nothing is then wired or
// installed again, or the status line and the user commands that
// stepped aside would come back. A plugin missing from the list is
// known as ours when our records name it and this is its data directory.
func pluginOf(rt *hookio.Runtime) (id string, gone bool) {
	root, data := rt.Getenv("CLAUDE_PLUGIN_ROOT"), rt.Getenv("CLAUDE_PLUGIN_DATA")
	if root == "" {
		return "", false
	}
	known := ""
	for _, p := range []string{wiring.Load(rt.Dirs).Plugin, usercmd.RecordedPlugin(rt.Dirs.State)} {
		if p != "" && pluginstate.IsDataDir(rt.Dirs.Claude, data, p) {
			known = p
		}
	}
	id, ok := pluginstate.Owner(rt.Dirs.Claude, root, data)
	switch {
	case !ok:
		return known, false // no news: keep what we knew
	case id == "":
		return known, known != ""
	}
	st, ok := pluginstate.Read(rt.Dirs.Claude, id)
	return id, ok && !st.Active()
}

// refreshOnPath keeps si and ai on PATH current after an upgrade: a
// link runs the stable copy (kept current by installUserCommands) by
// itself, a copy is replaced. Only entries the installer recorded as
// ours are touched; one the user replaced or removed is left alone.
func refreshOnPath(rt *hookio.Runtime, _ *hookio.Input) (hookio.Result, error) {
	if _, gone := pluginOf(rt); gone {
		return hookio.Result{}, nil
	}
	changes, err := onpath.Refresh(rt.Dirs)
	for _, c := range changes {
		rt.Log.Infof(map[string]string{"path": c.Path, "detail": c.Detail}, "%s on PATH %s", c.Name, c.Action)
	}
	return hookio.Result{}, err
}
