// Package installer is the bash installer's fallback mode without the
// plugin system: it copies the native binaries into
// ~/.claude/session-intelligence/bin, registers the plugin's hooks in
// ~/.claude/settings.json, chains the status line and installs the /si
// user command, and [Uninstall] takes exactly that back out.
//
// Every settings.json change goes through settingsjson (byte-preserving,
// locked, backed up, atomic): one edit for install and one for uninstall,
// so the only backup is of the user's own file. What the first install
// found (whether settings.json existed, the "hooks" value as written) is
// kept in <state>/install.json, which lets uninstall give settings.json
// back byte for byte. Hooks registered this way get no
// CLAUDE_PLUGIN_ROOT; they find their siblings through
// paths.PluginRoot, which is why the binaries sit in a bin/ directory.
package installer

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/settingsjson"
	"github.com/session-intelligence/session-intelligence/shared/cc/usercmd"
	"github.com/session-intelligence/session-intelligence/shared/cc/wiring"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/si/onpath"
)

// PluginName is the plugin's name; settings with it enabled already run
// the hooks through the plugin system.
const PluginName = "session-intelligence"

// unsafeInPath are characters the install path may not hold: it is
// written into shell commands (hooks, statusLine, the /si file) inside
// double quotes, and into JSON and YAML strings.
const unsafeInPath = "\"'`$\\\n\r"

// Options say what to install from where.
type Options struct {
	Dirs          paths.Dirs // the Claude Code configuration directory to install into
	From          string     // the plugin directory: bin/ and hooks/hooks.json
	Goos, Goarch  string
	WireStatusBar bool   // chain the status line (statusline.autoWire)
	PathDir       string // where si and ai go on PATH (--bin-dir; "" is ~/.local/bin)
	Path          string // the PATH value, to say whether PathDir is on it
}

// onPath is the onpath install of si and ai, running the binaries in
// BinDir; a plan (dry) counts the binaries about to be installed.
func (o Options) onPath(dry bool, installing []binary) onpath.Options {
	names := programNames(installing)
	return onpath.Options{Dirs: o.Dirs, Dir: o.PathDir, Stable: o.BinDir(), Path: o.Path, DryRun: dry, Installing: names}
}

// BinDir is where the binaries go.
func (o Options) BinDir() string { return filepath.Join(o.Dirs.State, "bin") }

// Settings is the user settings file.
func (o Options) Settings() string { return filepath.Join(o.Dirs.Claude, "settings.json") }

// CommandDir is the user command directory.
func (o Options) CommandDir() string { return filepath.Join(o.Dirs.Claude, "commands") }

func (o Options) commands(installing []binary) usercmd.Options {
	names := programNames(installing)
	return usercmd.Options{Dir: o.CommandDir(), BinDir: o.BinDir(), State: o.Dirs.State, Force: true, Installing: names}
}

// Plan is everything an install would change; [Plan.Apply] makes it so.
type Plan struct {
	opts     Options
	Binaries []binary
	Commands []usercmd.Change
	Hooks    []eventGroups
	Old, New []byte // settings.json before and after
	OnPath   onpath.Report
	manifest Manifest
}

// Changes reports whether applying the plan changes anything.
func (p *Plan) Changes() bool {
	for _, b := range p.Binaries {
		if b.Action != "same" {
			return true
		}
	}
	for _, c := range p.Commands {
		if c.Action == usercmd.Created || c.Action == usercmd.Updated {
			return true
		}
	}
	for _, c := range p.OnPath.Changes {
		if c.Action == onpath.Created || c.Action == onpath.Updated {
			return true
		}
	}
	return string(p.Old) != string(p.New) || !exists(manifestPath(p.opts.Dirs))
}

// Prepare checks everything an install needs and works out its changes,
// writing nothing: an invalid settings.json, a settings.json that
// already enables the plugin, a missing build or an unwritable
// configuration directory stop it here.
func Prepare(o Options) (*Plan, error) {
	if err := checkPath(o.BinDir()); err != nil {
		return nil, err
	}
	old, err := settingsjson.Read(o.Settings())
	if err != nil {
		return nil, err
	}
	if id := enabledPlugin(old); id != "" {
		return nil, fmt.Errorf("%s: %s is enabled as a plugin, which already runs the hooks; remove it first (./uninstall.sh) or keep using the plugin", o.Settings(), id)
	}
	p := &Plan{opts: o, Old: old}
	if p.Binaries, err = planBinaries(o); err != nil {
		return nil, err
	}
	if p.Hooks, err = wantedHooks(o.From, o.BinDir()); err != nil {
		return nil, err
	}
	if err := p.checkHookBinaries(); err != nil {
		return nil, err
	}
	p.manifest = manifestFor(o, old, p.Binaries)
	if p.New, err = p.edit(old, false); err != nil {
		return nil, fmt.Errorf("%s: %w", o.Settings(), err)
	}
	if p.Commands, err = usercmd.Plan(o.commands(p.Binaries)); err != nil {
		return nil, err
	}
	if p.OnPath, err = onpath.Install(o.onPath(true, p.Binaries)); err != nil {
		return nil, err
	}
	return p, nil
}

// checkHookBinaries refuses hooks that would run a binary the plugin
// directory does not have: a half-built plugin would register hooks that
// fail at every call.
func (p *Plan) checkHookBinaries() error {
	for _, ev := range p.Hooks {
		for _, g := range ev.Groups {
			for _, name := range binariesRun(g, p.opts.BinDir()) {
				// A hook names si-stop, the file is si-stop.exe on
				// Windows (Git Bash adds the suffix); the launcher is a
				// script under its own name everywhere.
				file := proc.ExeFor(p.opts.Goos, name)
				if !slices.ContainsFunc(p.Binaries, func(b binary) bool { return b.Name == name || b.Name == file }) {
					return fmt.Errorf("plugin hooks: %s runs %s, which is not in %s; rebuild (scripts/build.sh)", ev.Event, name, filepath.Join(p.opts.From, "bin"))
				}
			}
		}
	}
	return nil
}

// edit is the settings.json change: the status line chained, the hooks
// registered. With record, the status line's wiring record is saved as
// the change is made.
func (p *Plan) edit(doc []byte, record bool) ([]byte, error) {
	var err error
	if p.opts.WireStatusBar {
		stable := filepath.Join(p.opts.BinDir(), proc.ExeFor(p.opts.Goos, wiring.BinaryName))
		if record {
			doc, err = wiring.PointAndRecord(p.opts.Dirs, doc, stable, "")
		} else {
			doc, _, err = wiring.Point(doc, wiring.Load(p.opts.Dirs), stable)
		}
		if err != nil {
			return nil, err
		}
	}
	return addHooks(doc, p.Hooks, p.opts.BinDir())
}

// Apply installs: binaries, then the manifest (so that an interrupted
// install can still be uninstalled), then settings.json, then the user
// command.
func (p *Plan) Apply() (backup string, err error) {
	o := p.opts
	if err := writable(o.Dirs); err != nil {
		return "", err
	}
	if err := privateDirs(o.Dirs.State, o.BinDir()); err != nil {
		return "", err
	}
	if err := copyBinaries(p.Binaries); err != nil {
		return "", err
	}
	if err := saveManifest(o.Dirs, p.manifest); err != nil {
		return "", err
	}
	_, backup, err = settingsjson.Edit(o.Settings(), func(doc []byte) ([]byte, error) {
		return p.edit(doc, true)
	})
	if err != nil {
		return "", err
	}
	if p.Commands, err = usercmd.Ensure(o.commands(nil)); err != nil {
		return backup, err
	}
	if p.OnPath, err = onpath.Install(o.onPath(false, nil)); err != nil {
		return backup, err
	}
	return backup, nil
}

// checkPath refuses an install directory that cannot be written safely
// into commands. It is written with forward slashes (commandPath), so
// Windows's own separator is no backslash in a command.
func checkPath(dir string) error {
	if !filepath.IsAbs(dir) {
		return fmt.Errorf("install directory %s is not absolute", dir)
	}
	if strings.ContainsAny(commandPath(dir), unsafeInPath) {
		return fmt.Errorf("install directory %q holds a quote, $, backslash or newline; choose another with --prefix", dir)
	}
	return nil
}

// enabledPlugin returns the id of our plugin when settings enable it.
func enabledPlugin(doc []byte) string {
	raw, ok := settingsjson.Get(doc, "enabledPlugins")
	if !ok {
		return ""
	}
	var enabled map[string]any
	if jsonx.Unmarshal(raw, &enabled) != nil {
		return ""
	}
	for id, on := range enabled {
		if strings.HasPrefix(id, PluginName+"@") && on == true {
			return id
		}
	}
	return ""
}

// writable checks that the configuration directory (and the state
// directory in it, when present) can be written, before anything is.
func writable(d paths.Dirs) error {
	for _, dir := range []string{d.Claude, d.State} {
		if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
			continue
		}
		f, err := os.CreateTemp(dir, ".si-install-check-*")
		if err != nil {
			return fmt.Errorf("%s is not writable (%w); nothing was changed", dir, errors.Unwrap(err))
		}
		f.Close()
		os.Remove(f.Name())
	}
	return nil
}

func privateDirs(dirs ...string) error {
	for _, d := range dirs {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return fmt.Errorf("install: %w", err)
		}
	}
	return nil
}
