package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/full"
	"github.com/session-intelligence/session-intelligence/shared/ai/agent/summary"
	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	"github.com/session-intelligence/session-intelligence/shared/ai/memory"
	"github.com/session-intelligence/session-intelligence/shared/ai/settings"
	"github.com/session-intelligence/session-intelligence/shared/ai/summarise"
)

// buildWait bounds how long the background summariser waits for the one
// running before it.
const buildWait = 30 * time.Minute

// AgentBuildCmd is `ai agent build -a NAME`.
type AgentBuildCmd struct {
	Agent      string `short:"a" help:"The agent (default: this session's, else the only one)."`
	Rebuild    bool   `help:"Write every line again."`
	Model      string `help:"The model to summarise with (default: summariser.model)."`
	DryRun     bool   `help:"List the lines that would be written; call no model."`
	Background bool   `hidden:"" help:"Run as the background summariser: log to <thread>.log, print nothing, commit nothing."`
	From       string `hidden:"" help:"Work on the project seen from this directory." type:"path"`
}

// Run writes the summaries and commits them as one event.
func (c *AgentBuildCmd) Run(d *deps) error {
	if c.From != "" {
		s, err := settings.Load(d.Home, c.From)
		if err != nil {
			return err
		}
		d.Cwd, d.Settings = c.From, s
	}
	w, err := d.workspace()
	if err != nil {
		return err
	}
	a, err := d.pickAgent(w, c.Agent)
	if err != nil {
		return err
	}
	o := full.BuildOptions{Scope: summary.Everything, Rebuild: c.Rebuild, DryRun: c.DryRun, Model: c.Model,
		Summariser: d.modelSummariser(c.Model)}
	if c.Background {
		return c.background(d, w, a, o)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if d.Terminal && !c.DryRun {
		o.Progress = progressBar(d)
	}
	plan, rep, err := w.Build(ctx, a, o)
	if err != nil {
		return err
	}
	if c.DryRun {
		return dryRun(d, a.Name, plan)
	}
	if d.Terminal && plan.Len() > 0 {
		fmt.Fprintln(d.Stderr)
	}
	cerr := w.Event("ai agent build "+a.Name, nil)
	if err := buildOutcome(rep, plan.Len(), "the next ai agent build -a "+a.Name); err != nil {
		return errors.Join(err, cerr)
	}
	fmt.Fprintf(d.Stdout, "Wrote %d summary lines for agent %s; nothing is left to summarise.\n", rep.Written, a.Name)
	return cerr
}

// modelSummariser is the summariser, with --model when given.
func (d *deps) modelSummariser(model string) memory.Summariser {
	if model != "" && d.Env.Summariser == nil {
		return d.claude(model)
	}
	return d.summariser()
}

// buildOutcome turns a run of planned lines into the command's error;
// next names the run that goes on from it.
func buildOutcome(rep summary.Report, planned int, next string) error {
	if rep.Canceled && len(rep.Failed) == 0 {
		return errors.New("cancelled. " + cancelledLines(rep.Wrote, planned, "summary lines", next))
	}
	if err := rep.Err(); err != nil {
		return fmt.Errorf("%d lines written, then %w; %s goes on from them", rep.Written, err, next)
	}
	return nil
}

// cancelledLines says what a cancelled run of planned lines (-1: it was
// cancelled before it planned) kept and what the next run does; lines
// names them ("summary lines the view needs").
func cancelledLines(wrote []string, planned int, lines, next string) string {
	switch {
	case planned < 0:
		return "No summary line was written; " + next + " writes the " + lines + "."
	case planned == 0:
		return "No summary line was missing; " + next + " uses those written."
	case len(wrote) == 0:
		return fmt.Sprintf("None of the %d %s was written yet; %s writes them.", planned, lines, next)
	}
	return fmt.Sprintf("It had written %d of the %d %s (%s); they stay, and %s goes on from them.",
		len(wrote), planned, lines, labelList(wrote), next)
}

// labelList joins line labels, the first ten of them.
func labelList(labels []string) string {
	const most = 10
	if len(labels) <= most {
		return strings.Join(labels, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(labels[:most], ", "), len(labels)-most)
}

// background runs one build at a time per agent and only logs.
func (c *AgentBuildCmd) background(d *deps, w *full.Workspace, a thread.Agent, o full.BuildOptions) error {
	log := summarise.Logger{Path: a.LogPath(), Now: d.Now}
	_, err := summarise.Exclusive(a.LockDir(), "summarise-"+a.Name, buildWait, func() error {
		plan, rep, err := w.Build(context.Background(), a, o)
		if err != nil {
			return err
		}
		if plan.Len() > 0 {
			log.Printf("summariser: wrote %d of %d lines", rep.Written, plan.Len())
		}
		return rep.Err()
	})
	if err != nil {
		log.Printf("summariser: %v (the next run goes on from the lines written)", err)
		return errSilent
	}
	return nil
}

// progressBar draws "[#####-----] 12/40 #17 work" on stderr.
func progressBar(d *deps) func(done, total int, label string) {
	return func(done, total int, label string) {
		const width = 24
		filled := width * done / max(total, 1)
		fmt.Fprintf(d.Stderr, "\r[%s%s] %d/%d %-12s", strings.Repeat("#", filled), strings.Repeat("-", width-filled), done, total, label)
	}
}

func dryRun(d *deps, name string, plan summary.Plan) error {
	if plan.Len() == 0 {
		fmt.Fprintf(d.Stdout, "Agent %s: nothing to summarise.\n", name)
		return nil
	}
	var labels []string
	for _, ph := range plan.Phases {
		for _, j := range ph {
			labels = append(labels, j.Label)
		}
	}
	fmt.Fprintf(d.Stdout, "Agent %s: %d lines to write, in this order: %s\n", name, plan.Len(), strings.Join(labels, ", "))
	return nil
}
