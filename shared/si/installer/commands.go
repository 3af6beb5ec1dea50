package installer

import (
	"fmt"
	"path/filepath"

	"github.com/session-intelligence/session-intelligence/shared/cc/usercmd"
	"github.com/session-intelligence/session-intelligence/shared/cc/wiring"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/si/onpath"
)

// PluginMode is what install.sh adds in plugin mode, where the plugin
// runs the hooks: the stable copies in the private state (which outlive
// plugin upgrades and uninstalls), the plain /si and /ai user commands
// running them (the plugin itself only offers /session-intelligence:si,
// and its SessionStart hook adds the plain ones only at the first
// session start, too late for that session), and si and ai on PATH.
// The SessionStart hook keeps all three current from then on.
type PluginMode struct {
	Dirs         paths.Dirs
	From         string // the plugin directory install.sh installed from
	Plugin       string // the plugin's id, e.g. session-intelligence@session-intelligence
	PathDir      string // --bin-dir; "" is ~/.local/bin
	Path         string // the PATH value
	Goos, Goarch string
}

// PluginResult is what [InstallPluginMode] did.
type PluginResult struct {
	Stable   string // the directory of the stable copies
	Commands []usercmd.Change
	OnPath   onpath.Report
}

// InstallPluginMode installs what [PluginMode] says.
func InstallPluginMode(o PluginMode) (PluginResult, error) {
	res := PluginResult{Stable: wiring.StableDir(o.Dirs)}
	if err := checkPath(res.Stable); err != nil {
		return res, err
	}
	if err := writable(o.Dirs); err != nil {
		return res, err
	}
	if err := privateDirs(o.Dirs.State, res.Stable); err != nil {
		return res, err
	}
	if paths.PluginBinary(o.From, o.Goos, o.Goarch, "si") == "" {
		return res, fmt.Errorf("plugin mode: no si in %s; build first (scripts/build.sh)", filepath.Join(o.From, "bin"))
	}
	_, err := wiring.CopyStable(func(name string) string {
		return paths.PluginBinary(o.From, o.Goos, o.Goarch, name)
	}, res.Stable)
	if err != nil {
		return res, err
	}
	res.Commands, err = usercmd.Ensure(usercmd.Options{Dir: filepath.Join(o.Dirs.Claude, "commands"), BinDir: res.Stable,
		State: o.Dirs.State, Force: true, Plugin: o.Plugin})
	if err != nil {
		return res, err
	}
	res.OnPath, err = onpath.Install(onpath.Options{Dirs: o.Dirs, Dir: o.PathDir, Stable: res.Stable, Path: o.Path})
	return res, err
}
