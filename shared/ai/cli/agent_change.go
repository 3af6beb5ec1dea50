package cli

import (
	"bufio"
	"errors"
	"fmt"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/full"
	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
)

// AgentRmCmd is `ai agent rm NAME`.
type AgentRmCmd struct {
	Name  string `arg:"" help:"The agent to remove."`
	Yes   bool   `short:"y" help:"Do not ask (scripts): without it, only a terminal can agree."`
	Force bool   `help:"Remove it even while a session attached to it has not ended (that session is detached)."`
}

// Run removes the agent after the user agreed, as one commit.
func (c *AgentRmCmd) Run(d *deps) error {
	w, err := d.workspace()
	if err != nil {
		return err
	}
	a, err := w.Agent(c.Name)
	if err != nil {
		return err
	}
	live := a.Live()
	if len(live) > 0 && !c.Force {
		return full.LiveError(c.Name, live)
	}
	question := fmt.Sprintf("Remove agent %s and its thread (%s)? The private store's history keeps them.", c.Name, threadSize(a))
	if len(live) > 0 {
		question += fmt.Sprintf(" Its sessions that have not ended (%s) are detached.", strings.Join(live, ", "))
	}
	if ok, err := d.confirmAgentChange("ai agent rm "+c.Name, question, c.Yes); !ok || err != nil {
		return err
	}
	ch, err := w.Remove(c.Name, c.Force, "ai agent rm "+c.Name)
	if err != nil {
		return err
	}
	fmt.Fprintf(d.Stdout, "Removed agent %s%s.%s To bring it back: git -C %s restore --source=%s~1 -- agents/%s (the next ai agent event commits it)\n",
		c.Name, inCommit(ch.Commit), detachedText(ch.Sessions), w.Root(), shortHash(ch.Commit), c.Name)
	return nil
}

// AgentRenameCmd is `ai agent rename OLD NEW`.
type AgentRenameCmd struct {
	Old string `arg:"" help:"The agent's name."`
	New string `arg:"" help:"Its new name: lowercase letters, digits and -."`
	Yes bool   `short:"y" help:"Do not ask (scripts): without it, only a terminal can agree."`
}

// Run renames the agent after the user agreed, as one commit.
func (c *AgentRenameCmd) Run(d *deps) error {
	w, err := d.workspace()
	if err != nil {
		return err
	}
	a, err := w.CanRename(c.Old, c.New)
	if err != nil {
		return err
	}
	message := "ai agent rename " + c.Old + " " + c.New
	question := fmt.Sprintf("Rename agent %s (%s) to %s?", c.Old, threadSize(a), c.New)
	if ok, err := d.confirmAgentChange(message, question, c.Yes); !ok || err != nil {
		return err
	}
	ch, err := w.Rename(c.Old, c.New, message)
	if err != nil {
		return err
	}
	fmt.Fprintf(d.Stdout, "Renamed agent %s to %s%s.%s\n", c.Old, c.New, inCommit(ch.Commit), followText(ch.Sessions))
	if _, ok := w.Project.Settings.Agents[c.Old]; ok {
		fmt.Fprintf(d.Stderr, "ai: your settings still have a table [agents.%s] (instructions, worktree): rename it to [agents.%s] so that the agent keeps them\n", c.Old, c.New)
	}
	return nil
}

// errNotConfirmed: the change needs a yes that nobody can give here.
var errNotConfirmed = errors.New("needs confirming")

// confirmAgentChange asks on a terminal, or takes --yes; elsewhere it
// refuses, saying how to agree. It reports whether to go on.
func (d *deps) confirmAgentChange(command, question string, yes bool) (bool, error) {
	if yes {
		return true, nil
	}
	if !d.Interactive {
		return false, fmt.Errorf("%s %w and this is not a terminal: run it on one, or pass --yes", command, errNotConfirmed)
	}
	fmt.Fprintf(d.Stderr, "%s [y/N] ", question)
	line, _ := bufio.NewReader(d.Stdin).ReadString('\n')
	if a := strings.ToLower(strings.TrimSpace(line)); a == "y" || a == "yes" {
		return true, nil
	}
	fmt.Fprintln(d.Stdout, "Nothing changed.")
	return false, nil
}

// threadSize is "3 turns in 1 session", or what kept it from being read.
func threadSize(a thread.Agent) string {
	th, err := thread.Load(a)
	if err != nil {
		return "unreadable: " + err.Error()
	}
	return countOf(len(th.Turns), "turn") + " in " + countOf(len(th.Sessions), "session")
}

func inCommit(hash string) string {
	if hash == "" {
		return ""
	}
	return " (commit " + shortHash(hash) + ")"
}

func shortHash(hash string) string { return hash[:min(len(hash), 10)] }

func detachedText(sessions []string) string {
	if len(sessions) == 0 {
		return ""
	}
	return fmt.Sprintf(" Detached %s from it: %s.", countOf(len(sessions), "session"), strings.Join(sessions, ", "))
}

func followText(sessions []string) string {
	switch len(sessions) {
	case 0:
		return ""
	case 1:
		return " 1 session attached to it follows: " + sessions[0] + "."
	}
	return fmt.Sprintf(" %d sessions attached to it follow: %s.", len(sessions), strings.Join(sessions, ", "))
}
