package cli

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/full"
	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	"github.com/session-intelligence/session-intelligence/shared/ai/agent/view"
)

// AgentListCmd is `ai agent list`.
type AgentListCmd struct{}

// Run prints the agents, newest first, and their sessions.
func (c *AgentListCmd) Run(d *deps) error {
	w, err := d.workspace()
	if err != nil {
		return err
	}
	list, err := w.List()
	if err != nil {
		return err
	}
	var b strings.Builder
	if len(list) == 0 {
		fmt.Fprintf(&b, "No agents in project %s yet; make one with ai agent new NAME.\n", w.Project.Name)
	} else {
		fmt.Fprintf(&b, "# project %s%s: %s, the most recently active first\n", w.Project.Name, parenthesised(w.Project.ID), countOf(len(list), "agent"))
	}
	for _, l := range list {
		if l.Err != nil {
			fmt.Fprintf(&b, "%s  (unreadable: %v)\n", l.Name, l.Err)
			continue
		}
		fmt.Fprintf(&b, "%s  %s, %s, last %s\n", l.Name, countOf(l.Turns, "turn"), countOf(len(l.Sessions), "session"), l.Last.UTC().Format("2006-01-02 15:04"))
		for _, s := range l.Sessions {
			state := "detached"
			switch {
			case s.Attached && s.Ended:
				state = "ended"
			case s.Attached:
				state = "attached"
			}
			fmt.Fprintf(&b, "  %s  %-8s  %3d turns  last %s  %s\n", s.ID, state, s.Turns, s.Last.UTC().Format("2006-01-02 15:04"), s.Cwd)
		}
	}
	return d.show(b.String())
}

// AgentViewCmd is `ai agent view [NAME]`.
type AgentViewCmd struct {
	Name  string `arg:"" optional:"" help:"The agent (default: this session's, else the only one)."`
	Agent string `short:"a" help:"The agent, as a flag."`
}

// Run prints the view from the summaries written so far.
func (c *AgentViewCmd) Run(d *deps) error {
	w, err := d.workspace()
	if err != nil {
		return err
	}
	a, err := d.pickAgent(w, firstOf(c.Name, c.Agent))
	if err != nil {
		return err
	}
	v, err := w.View(a)
	if err != nil {
		return err
	}
	return d.show(v.Text)
}

// parenthesised is " (s)", or "" for none.
func parenthesised(s string) string {
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}

func firstOf(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// AgentZoomCmd is `ai agent zoom -a NAME ID`.
type AgentZoomCmd struct {
	Agent      string `short:"a" help:"The agent (default: this session's, else the only one)."`
	ID         string `arg:"" help:"A line's id as the view prints it: 17, 0-15 or 17.3."`
	ToolOutput bool   `help:"Add what the tools printed."`
}

// Run opens the line.
func (c *AgentZoomCmd) Run(d *deps) error {
	id, err := view.ParseID(c.ID)
	if err != nil {
		return err
	}
	w, err := d.workspace()
	if err != nil {
		return err
	}
	a, err := d.pickAgent(w, c.Agent)
	if err != nil {
		return err
	}
	src, err := full.Source(a)
	if err != nil {
		return err
	}
	text, err := view.Zoom(src, id, c.ToolOutput)
	if err != nil {
		return err
	}
	return d.show(text)
}

// AgentGrepCmd is `ai agent grep -a NAME REGEX`.
type AgentGrepCmd struct {
	Agents []string `short:"a" name:"agent" help:"An agent to search; repeat for several (default: this session's, else the only one)."`
	Regex  string   `arg:"" help:"An RE2 regular expression; (?i) ignores case."`
}

// Run prints every match, then the count.
func (c *AgentGrepCmd) Run(d *deps) error {
	re, err := regexp.Compile(c.Regex)
	if err != nil {
		return fmt.Errorf("bad regex %q: %w", c.Regex, err)
	}
	w, err := d.workspace()
	if err != nil {
		return err
	}
	var agents []thread.Agent
	for i, n := range c.Agents {
		if slices.Contains(c.Agents[:i], n) {
			continue // named twice: searched once
		}
		a, err := w.Agent(n)
		if err != nil {
			return err
		}
		agents = append(agents, a)
	}
	if len(agents) == 0 {
		a, err := d.pickAgent(w, "")
		if err != nil {
			return err
		}
		agents = append(agents, a)
	}
	var b strings.Builder
	count := 0
	for _, a := range agents {
		src, err := full.Source(a)
		if err != nil {
			return err
		}
		hits, err := view.Grep(src, re)
		if err != nil {
			return err
		}
		for _, h := range hits {
			fmt.Fprintf(&b, "%s #%s %s\n", h.Agent, h.ID, h.Text)
		}
		count += len(hits)
	}
	fmt.Fprintf(&b, "# %s for %s\n", countOf(count, "match"), c.Regex)
	return d.show(b.String())
}

// countOf is "1 turn", "2 turns", "3 matches".
func countOf(n int, noun string) string {
	switch {
	case n == 1:
		return "1 " + noun
	case strings.HasSuffix(noun, "ch"):
		return fmt.Sprintf("%d %ses", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
