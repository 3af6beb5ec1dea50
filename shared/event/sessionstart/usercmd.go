package sessionstart

import (
	"fmt"
	"path/filepath"
	"runtime"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/cc/usercmd"
	"github.com/session-intelligence/session-intelligence/shared/cc/wiring"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// installUserCommands keeps the stable copies (wiring.StableDir) and
// ~/.claude/commands/si.md and ai.md current, so that plain /si works:
// Claude Code only offers plugin commands as /session-intelligence:si.
// The files run the stable copies, since the plugin's own directory
// changes with every version and its data directory goes when it is
// uninstalled. A file that is not ours is left alone, and one the user
// deleted is not put back.
func installUserCommands(rt *hookio.Runtime, _ *hookio.Input) (hookio.Result, error) {
	root := paths.PluginRoot(rt.Getenv)
	if root == "" {
		return hookio.Result{}, nil
	}
	id, gone := pluginOf(rt)
	if gone {
		return hookio.Result{}, nil
	}
	stable := wiring.StableDir(rt.Dirs)
	copied, err := wiring.CopyStable(func(name string) string {
		return paths.PluginBinary(root, runtime.GOOS, runtime.GOARCH, name)
	}, stable)
	if err != nil {
		return hookio.Result{}, fmt.Errorf("stable copies: %w", err)
	}
	if copied {
		rt.Log.Infof(map[string]string{"dir": stable}, "stable copies of si and ai updated")
	}
	changes, err := usercmd.Ensure(usercmd.Options{Dir: filepath.Join(rt.Dirs.Claude, "commands"), BinDir: stable, State: rt.Dirs.State, Plugin: id})
	if err != nil {
		return hookio.Result{}, fmt.Errorf("user commands not installed: %w", err)
	}
	for _, c := range changes {
		switch c.Action {
		case usercmd.Created, usercmd.Updated:
			rt.Log.Infof(map[string]string{"path": c.Path}, "user command /%s %s", c.Name, c.Action)
		case usercmd.NotOurs:
			rt.Log.Debugf(map[string]string{"path": c.Path}, "user command /%s %s", c.Name, c.Action)
		}
	}
	return hookio.Result{}, nil
}
