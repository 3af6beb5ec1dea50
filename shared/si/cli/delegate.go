package cli

import (
	"errors"
	"fmt"
	"os/exec"

	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
)

// Subcommands with heavy dependencies (go-git and HTTP for the
// background refresher; the MCP SDK, the tokenizer and go/parser for
// AILv1) live in binaries of their own, so that every other `si` run,
// the ones /si and the hooks wait for, starts as fast as a small program.

// AilCmd is `si ail …`, carried out by si-ail.
type AilCmd struct {
	Args []string `arg:"" optional:"" help:"pack, sig, unpack or mcp, and their flags (si ail --help)."`
}

// Run hands the arguments to si-ail.
func (c *AilCmd) Run(d *deps) error { return d.delegate("si-ail", c.Args) }

// RefreshCmd is `si refresh git ROOT|quota|health`, carried out by
// si-refresh.
type RefreshCmd struct {
	Args []string `arg:"" optional:"" help:"git ROOT, quota or health."`
}

// Run hands the arguments to si-refresh.
func (c *RefreshCmd) Run(d *deps) error { return d.delegate("si-refresh", c.Args) }

// exitError carries a sibling's exit status out of Main.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// delegate runs a sibling binary with this run's standard streams and
// environment and returns its exit status.
func (d *deps) delegate(name string, args []string) error {
	path, err := d.Env.Sibling(name)
	if err != nil {
		return fmt.Errorf("%s %w; reinstall session-intelligence", name, err)
	}
	cmd := exec.Command(path, args...)
	// The sibling cleans its own output, and may need the terminal.
	cmd.Stdin, cmd.Stdout, cmd.Stderr, cmd.Dir = d.Stdin, termtext.Underlying(d.Stdout), termtext.Underlying(d.Stderr), d.Cwd
	err = cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return exitError{code: ee.ExitCode()}
	}
	if err != nil {
		return fmt.Errorf("run %s: %w", name, err)
	}
	return nil
}
