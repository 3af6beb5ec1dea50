package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/full"
	"github.com/session-intelligence/session-intelligence/shared/ai/agent/summary"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// ResumeCmd is `ai agent resume NAME [-- claude args]` and `ai resume`.
type ResumeCmd struct {
	Name    string   `arg:"" optional:"" help:"The agent (default: the project's only one, else the one you pick)."`
	Harness string   `default:"claude" enum:"claude" help:"The harness to run the agent in: claude (Claude Code) is the only one yet."`
	Args    []string `arg:"" optional:"" passthrough:"" help:"After --: arguments for the harness, such as -p 'PROMPT'."`
}

// Run starts the harness: the newest session resumed, or a new one.
func (c *ResumeCmd) Run(d *deps) error {
	if d.Exec == nil {
		return errors.New("cannot start a harness from here")
	}
	w, err := d.workspace()
	if err != nil {
		return err
	}
	a, err := d.pickAgent(w, c.Name)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	o := full.BuildOptions{Scope: summary.ForView, Summariser: d.summariser()}
	if d.Terminal {
		o.Progress = progressBar(d)
	}
	l, err := w.Resume(ctx, a.Name, d.Cwd, "ai agent resume "+a.Name, c.passthrough(), o)
	if err != nil {
		return err
	}
	if l.New {
		fmt.Fprintf(d.Stderr, "ai: agent %s: new session %s in %s\n", a.Name, l.SessionID, l.Dir)
	} else {
		fmt.Fprintf(d.Stderr, "ai: agent %s: resuming session %s in %s\n", a.Name, l.SessionID, l.Dir)
	}
	stop()
	return d.Exec(l.Dir, append([]string{"claude"}, l.Args...))
}

// passthrough drops the "--" kong keeps.
func (c *ResumeCmd) passthrough() []string {
	if len(c.Args) > 0 && c.Args[0] == "--" {
		return c.Args[1:]
	}
	return c.Args
}

// execHarness replaces this process with argv[0] from PATH, run in dir.
func execHarness(dir string, argv []string) error {
	path, err := exec.LookPath(argv[0])
	if err != nil {
		return fmt.Errorf("start %s: %w", argv[0], err)
	}
	if err := os.Chdir(dir); err != nil {
		return fmt.Errorf("start %s in %s: %w", argv[0], dir, err)
	}
	return proc.Exec(path, argv, os.Environ())
}
