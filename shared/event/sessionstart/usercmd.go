package sessionstart

import (
	"fmt"
	"path/filepath"
	"runtime"

	"github.com/session-intelligence/session-intelligence/commands"
	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/cc/usercmd"
	"github.com/session-intelligence/session-intelligence/shared/cc/wiring"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// stableBinDir is where copies of the plugin's binaries live across
// plugin versions: the plugin's data directory, else <state>/bin.
func stableBinDir(rt *hookio.Runtime) string {
	if data := rt.Getenv("CLAUDE_PLUGIN_DATA"); data != "" {
		return filepath.Join(data, "bin")
	}
	return filepath.Join(rt.Dirs.State, "bin")
}

// installUserCommands keeps ~/.claude/commands/si.md (one file per
// command of the plugin) current, so that plain /si works: Claude Code
// only offers plugin commands as /session-intelligence:si. The file runs
// a stable copy of the binary, since the plugin's own directory changes
// with every version. A file that is not ours is left alone, and one the
// user deleted is not put back.
func installUserCommands(rt *hookio.Runtime, _ *hookio.Input) (hookio.Result, error) {
	root := paths.PluginRoot(rt.Getenv)
	if root == "" {
		return hookio.Result{}, nil
	}
	stable := stableBinDir(rt)
	for _, f := range commands.All() {
		src := paths.PluginBinary(root, runtime.GOOS, runtime.GOARCH, f.Name)
		if src == "" {
			continue
		}
		if _, err := wiring.Copy(src, filepath.Join(stable, f.Name)); err != nil {
			return hookio.Result{}, fmt.Errorf("user command /%s: %w", f.Name, err)
		}
	}
	changes, err := usercmd.Ensure(usercmd.Options{Dir: filepath.Join(rt.Dirs.Claude, "commands"), BinDir: stable, State: rt.Dirs.State})
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
