package cli

import (
	"fmt"
	"runtime"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/si/installer"
)

// InstallCmd is `si install`, the Go half of `./install.sh --settings`:
// it installs without the plugin system, into settings.json.
type InstallCmd struct {
	From   string `required:"" type:"existingdir" help:"The plugin directory to install from (bin/ and hooks/hooks.json)."`
	Prefix string `type:"path" help:"Claude Code configuration directory to install into (default: $CLAUDE_CONFIG_DIR, else ~/.claude)."`
	DryRun bool   `help:"Print what would change, with the settings.json diff; write nothing."`
	// CommandsOnly is plugin mode: the plugin runs the hooks, this only
	// makes plain /si work from the first session on.
	CommandsOnly string `placeholder:"BINDIR" type:"path" help:"Only install the /si user command, running a copy of si kept in BINDIR (plugin mode: the plugin's data directory)."`
}

// Run plans the install, then prints it (--dry-run) or applies it.
func (c *InstallCmd) Run(d *deps) error {
	dirs, cfg, err := targetDirs(d, c.Prefix)
	if err != nil {
		return err
	}
	if c.CommandsOnly != "" {
		return c.commandsOnly(d, dirs)
	}
	plan, err := installer.Prepare(installer.Options{Dirs: dirs, From: c.From, Goos: runtime.GOOS, Goarch: runtime.GOARCH,
		WireStatusBar: cfg.Statusline.AutoWire})
	if err != nil {
		return fmt.Errorf("install: %w", err)
	}
	if c.DryRun {
		plan.DryRun(d.Stdout)
		return nil
	}
	if !plan.Changes() {
		fmt.Fprintf(d.Stdout, "session-intelligence is already installed in %s; nothing changed.\n", dirs.Claude)
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

func (c *InstallCmd) commandsOnly(d *deps, dirs paths.Dirs) error {
	changes, err := installer.InstallCommands(dirs, c.From, c.CommandsOnly, runtime.GOOS, runtime.GOARCH)
	if err != nil {
		return fmt.Errorf("install: %w", err)
	}
	for _, ch := range changes {
		fmt.Fprintf(d.Stdout, "/%s: %s %s\n", ch.Name, ch.Path, ch.Action)
	}
	return nil
}

// UninstallCmd is `si uninstall`, the Go half of uninstall.sh.
type UninstallCmd struct {
	Prefix string `type:"path" help:"Claude Code configuration directory to uninstall from (default: $CLAUDE_CONFIG_DIR, else ~/.claude)."`
}

// Run removes what `si install` (and the /si user command) added.
func (c *UninstallCmd) Run(d *deps) error {
	dirs, _, err := targetDirs(d, c.Prefix)
	if err != nil {
		return err
	}
	out, err := installer.Uninstall(dirs)
	switch {
	case out.Deleted:
		fmt.Fprintf(d.Stdout, "removed %s (the install had created it)\n", dirs.Claude+"/settings.json")
	case out.Settings:
		fmt.Fprintf(d.Stdout, "restored %s (backup %s)\n", dirs.Claude+"/settings.json", out.Backup)
	}
	for _, f := range out.Files {
		fmt.Fprintf(d.Stdout, "removed %s\n", f)
	}
	if err != nil {
		return fmt.Errorf("uninstall: %w", err)
	}
	return nil
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
