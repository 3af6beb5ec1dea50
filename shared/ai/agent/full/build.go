package full

import (
	"context"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/summary"
	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	"github.com/session-intelligence/session-intelligence/shared/ai/agent/view"
	"github.com/session-intelligence/session-intelligence/shared/ai/memory"
)

// lineWait bounds the wait for the store's lock to append one summary.
const lineWait = 2 * time.Minute

// Source loads what a view is built from.
func Source(a thread.Agent) (view.Source, error) {
	th, err := thread.Load(a)
	if err != nil {
		return view.Source{}, err
	}
	sums, err := a.Summaries()
	if err != nil {
		return view.Source{}, err
	}
	return view.Source{Thread: th, Sums: sums, Content: a.Content}, nil
}

// BuildOptions say which lines a build writes and how.
type BuildOptions struct {
	Scope           summary.Scope
	Rebuild, DryRun bool
	Model           string
	Summariser      memory.Summariser
	Parallel        int
	Progress        func(done, total int, label string)
}

// Build brings the agent's live sessions up to date and writes the
// summary lines scope needs, appending each as it comes back and
// committing nothing (the command that asked commits). A dry run only
// plans.
func (w *Workspace) Build(ctx context.Context, a thread.Agent, o BuildOptions) (summary.Plan, summary.Report, error) {
	w.catchUp(a)
	src, err := Source(a)
	if err != nil {
		return summary.Plan{}, summary.Report{}, err
	}
	plan, err := summary.NewPlan(src, w.Project.Settings.AgentView, o.Scope, o.Rebuild)
	if err != nil || o.DryRun || plan.Len() == 0 {
		return plan, summary.Report{}, err
	}
	model := o.Model
	if model == "" {
		model = w.Project.Settings.Summariser.Model
	}
	r := summary.Runner{Agent: a, Summariser: o.Summariser, Model: model, Now: w.Env.Now, Parallel: o.Parallel,
		Progress: o.Progress, Rebuild: o.Rebuild,
		Write: func(fn func() error) error {
			return w.Quietly(lineWait, func() error {
				if err := stillThere(a); err != nil {
					return err
				}
				return fn()
			})
		}}
	return plan, r.Run(ctx, plan), nil
}

// View renders the agent's view from the summaries written so far,
// after bringing its live sessions up to date.
func (w *Workspace) View(a thread.Agent) (view.View, error) {
	w.catchUp(a)
	src, err := Source(a)
	if err != nil {
		return view.View{}, err
	}
	src.Project = w.Project.Name
	return view.Render(src, w.Project.Settings.AgentView)
}
