package cli

import (
	"context"
	"fmt"
	"runtime"

	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
	"github.com/session-intelligence/session-intelligence/shared/intel/history"
	"github.com/session-intelligence/session-intelligence/shared/intel/learn"
	"github.com/session-intelligence/session-intelligence/shared/intel/zones"
)

// LearnCmd is `si learn [--dry-run] [--projects DIR] [--quiet]`.
type LearnCmd struct {
	DryRun   bool   `help:"Show what would be learned; write nothing."`
	Projects string `placeholder:"DIR" type:"path" help:"Claude Code's projects directory (default: ~/.claude/projects)."`
	Quiet    bool   `help:"Print nothing (the background run at the first SessionStart)."`
}

// Run scans the transcripts, adds the compactions the history does not
// know yet and shows the zones now in force.
func (c *LearnCmd) Run(d *deps) error {
	dir := c.Projects
	if dir == "" {
		dir = d.Dirs.Projects()
	}
	found, st, err := learn.Scan(context.Background(), dir, runtime.GOMAXPROCS(0))
	if err != nil {
		return err
	}
	path := history.Path(d.Dirs.Logs)
	existing, err := history.Read(path)
	if err != nil {
		return fmt.Errorf("learn: read history: %w", err)
	}
	fresh := learn.Merge(existing, found)
	kept := learn.Fit(existing, fresh, history.MaxEntries)
	if !c.DryRun && len(kept) > 0 {
		if err := history.Append(path, kept...); err != nil {
			return fmt.Errorf("learn: write history: %w", err)
		}
	}
	if c.Quiet {
		return nil
	}
	c.report(d, st, learnCounts{found: len(found), fresh: len(fresh), kept: len(kept)}, append(existing, kept...))
	return nil
}

// learnCounts are the compactions found, new to the history, and written.
type learnCounts struct{ found, fresh, kept int }

// report prints what was learned and the zones the history now yields.
func (c *LearnCmd) report(d *deps, st learn.Stats, n learnCounts, all []history.Entry) {
	verb, zonesNow := "learned", "zones now"
	if c.DryRun {
		verb, zonesNow = "would learn", "zones would be"
	}
	fmt.Fprintf(d.Stdout, "%s %d compactions from %d transcripts (%d already known)\n", verb, n.kept, st.Files, n.found-n.fresh)
	if old := n.fresh - n.kept; old > 0 {
		fmt.Fprintf(d.Stdout, "%d older compactions left out: the history keeps the newest %d\n", old, history.MaxEntries)
	}
	if st.Unreadable > 0 {
		fmt.Fprintf(d.Stdout, "%d transcripts or project directories could not be read\n", st.Unreadable)
	}
	set := zones.Adaptive(all, zones.Static(d.Config.Statusline.Zones), "", 0)
	how := fmt.Sprintf("adapted from %d compactions", set.Samples)
	if !set.Adaptive {
		how = fmt.Sprintf("static: adaptive zones need %d compactions, the history has %d", zones.MinSamples, len(all))
	}
	fmt.Fprintf(d.Stdout, "%s: yellow %s · orange %s · red %s (%s)\n", zonesNow,
		humanize.Tokens(set.Yellow), humanize.Tokens(set.Orange), humanize.Tokens(set.Red), how)
}
