package cli

import (
	"fmt"
	"path/filepath"
	"runtime"

	"github.com/session-intelligence/session-intelligence/shared/cc/wiring"
	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/intel/bootstrap"
	"github.com/session-intelligence/session-intelligence/shared/si/installer"
	"github.com/session-intelligence/session-intelligence/shared/si/onpath"
)

// InstallCmd is `si install`, the Go half of `./install.sh`: the whole
// install into settings.json (settings mode), or with --plugin what
// plugin mode adds beside the plugin.
type InstallCmd struct {
	From   string `type:"existingdir" help:"The plugin directory to install from (bin/ and hooks/hooks.json); with --plugin, default: the stable copies a session start made."`
	Prefix string `type:"path" help:"Claude Code configuration directory to install into (default: $CLAUDE_CONFIG_DIR, else ~/.claude)."`
	DryRun bool   `help:"Print what would change, with the settings.json diff; write nothing."`
	BinDir string `name:"bin-dir" placeholder:"DIR" type:"path" help:"Where si and ai go on PATH (default ~/.local/bin; created when missing)."`
	// Plugin is plugin mode: the plugin runs the hooks, this only adds
	// the stable copies, the plain /si and /ai and the CLIs on PATH.
	Plugin string `placeholder:"ID" help:"Plugin mode: the plugin ID (e.g. session-intelligence@session-intelligence) runs the hooks; only install the stable copies of si and ai, the plain /si and /ai user commands and si and ai on PATH."`
}

// Run plans the install, then prints it (--dry-run) or applies it.
func (c *InstallCmd) Run(d *deps) error {
	dirs, cfg, err := targetDirs(d, c.Prefix)
	if err != nil {
		return err
	}
	if c.Plugin != "" {
		return c.pluginMode(d, dirs)
	}
	if c.From == "" {
		return fmt.Errorf("install: --from DIR is required (the plugin directory; ./install.sh passes it)")
	}
	plan, err := installer.Prepare(installer.Options{Dirs: dirs, From: c.From, Goos: runtime.GOOS, Goarch: runtime.GOARCH,
		WireStatusBar: cfg.Statusline.AutoWire, PathDir: c.BinDir, Path: d.Getenv("PATH")})
	if err != nil {
		return fmt.Errorf("install: %w", err)
	}
	if c.DryRun {
		plan.DryRun(d.Stdout)
		return nil
	}
	if !plan.Changes() {
		fmt.Fprintf(d.Stdout, "session-intelligence is already installed in %s; nothing changed.\n", dirs.Claude)
		plan.OnPath.Print(d.Stdout, dirs.Home, false) // what still needs the user (PATH)
		return nil
	}
	backup, err := plan.Apply()
	if err != nil {
		return fmt.Errorf("install: %w", err)
	}
	fmt.Fprintf(d.Stdout, "session-intelligence installed into %s (settings mode):\n", dirs.Claude)
	plan.Summary(d.Stdout, backup)
	fmt.Fprintln(d.Stdout, "Start a new Claude Code session to load the hooks; /si works there.")
	return nil
}

func (c *InstallCmd) pluginMode(d *deps, dirs paths.Dirs) error {
	if c.DryRun {
		return fmt.Errorf("install: --dry-run is for settings mode")
	}
	from := c.From
	if from == "" { // installed with /plugin: the stable copies its first session made
		from = filepath.Dir(wiring.StableDir(dirs))
	}
	res, err := installer.InstallPluginMode(installer.PluginMode{Dirs: dirs, From: from, Plugin: c.Plugin,
		PathDir: c.BinDir, Path: d.Getenv("PATH"), Goos: runtime.GOOS, Goarch: runtime.GOARCH})
	if err != nil {
		return fmt.Errorf("install: %w", err)
	}
	fmt.Fprintf(d.Stdout, "stable copies of si and ai: %s\n", res.Stable)
	for _, ch := range res.Commands {
		fmt.Fprintf(d.Stdout, "/%s: %s %s\n", ch.Name, ch.Path, ch.Action)
	}
	res.OnPath.Print(d.Stdout, dirs.Home, false)
	return nil
}

// UninstallCmd is `si uninstall`, the Go half of uninstall.sh.
type UninstallCmd struct {
	Prefix string `type:"path" help:"Claude Code configuration directory to uninstall from (default: $CLAUDE_CONFIG_DIR, else ~/.claude)."`
}

// Run removes what `si install` (either mode) and the hooks added, and
// lists what it keeps.
func (c *UninstallCmd) Run(d *deps) error {
	dirs, _, err := targetDirs(d, c.Prefix)
	if err != nil {
		return err
	}
	out, err := installer.Uninstall(dirs)
	printRemoved(d, dirs, out)
	if err != nil {
		return fmt.Errorf("uninstall: %w", err)
	}
	if out.Nothing() {
		fmt.Fprintf(d.Stdout, "session-intelligence: nothing left to remove in %s.\n", dirs.Claude)
	}
	installer.PrintKept(d.Stdout, installer.Kept(dirs, d.Getenv))
	return nil
}

// printRemoved says what the uninstall took out and what it left alone.
func printRemoved(d *deps, dirs paths.Dirs, out installer.Removed) {
	settings := filepath.Join(dirs.Claude, "settings.json")
	switch {
	case out.Deleted:
		fmt.Fprintf(d.Stdout, "removed %s (the install had created it)\n", settings)
	case out.StatusLine:
		fmt.Fprintf(d.Stdout, "restored your previous statusLine in %s\n", settings)
	case out.Settings:
		fmt.Fprintf(d.Stdout, "restored %s (backup %s)\n", settings, out.Backup)
	}
	for _, f := range out.Files {
		fmt.Fprintf(d.Stdout, "removed %s\n", f)
	}
	for _, ch := range out.OnPath.Changes {
		switch ch.Action {
		case onpath.Removed:
			fmt.Fprintf(d.Stdout, "removed %s (%s on PATH)\n", ch.Path, ch.Name)
		case onpath.Foreign:
			fmt.Fprintf(d.Stdout, "left %s alone: %s, not ours\n", ch.Path, ch.Detail)
		}
	}
	if out.OnPath.CreatedDir {
		fmt.Fprintf(d.Stdout, "removed %s (the install had created it)\n", out.OnPath.Dir)
	}
	printRemovals(d, out.ClaudeMD)
}

// printRemovals says what taking the rules block out did to each CLAUDE.md.
func printRemovals(d *deps, removals []bootstrap.Removal) {
	for _, m := range removals {
		switch m.Outcome {
		case bootstrap.BlockRemoved, bootstrap.FileDeleted:
			fmt.Fprintf(d.Stdout, "%s %s\n", m.Outcome, m.Path)
		case bootstrap.UserEdited, bootstrap.Refused:
			fmt.Fprintf(d.Stdout, "left %s alone: %s\n", m.Path, m.Reason)
		}
		if m.Legacy != "" {
			fmt.Fprintf(d.Stdout, "kept %s: an older version's backup of that CLAUDE.md; delete it when you no longer need it\n", m.Legacy)
		}
	}
}

// targetDirs resolves the configuration directory to work on, and the
// configuration read from it.
func targetDirs(d *deps, prefix string) (paths.Dirs, config.Config, error) {
	if prefix == "" {
		return d.Dirs, d.Config, nil
	}
	getenv := func(k string) string {
		if k == "CLAUDE_CONFIG_DIR" {
			return prefix
		}
		return d.Getenv(k)
	}
	dirs, err := paths.Resolve(getenv)
	if err != nil {
		return paths.Dirs{}, config.Config{}, err
	}
	cfg, _ := config.Load(config.Files{Legacy: dirs.LegacyConfig(), Unified: dirs.Config()}, getenv)
	return dirs, cfg, nil
}
