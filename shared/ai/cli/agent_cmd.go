package cli

import (
	"bufio"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/full"
	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// AgentCmd is `ai agent …`.
type AgentCmd struct {
	New        AgentNewCmd        `cmd:"" help:"Create an agent with an empty thread."`
	Resume     ResumeCmd          `cmd:"" help:"Continue the agent's newest session, in the directory it ran in, else start one whose context is the thread's view."`
	List       AgentListCmd       `cmd:"" help:"The agents here, newest first, and their sessions."`
	View       AgentViewCmd       `cmd:"" help:"The agent's view, from the summaries written so far."`
	Zoom       AgentZoomCmd       `cmd:"" help:"Open a line of the view: a turn, a run of turns (0-15) or an item (17.3)."`
	Grep       AgentGrepCmd       `cmd:"" help:"Search threads with a regular expression (RE2); repeat -a for several agents."`
	Build      AgentBuildCmd      `cmd:"" help:"Write the agent's summaries now, with a progress bar on a terminal."`
	Rm         AgentRmCmd         `cmd:"" help:"Remove an agent and its thread, as one commit (the store's history keeps it); asks on a terminal, --yes elsewhere."`
	Rename     AgentRenameCmd     `cmd:"" help:"Rename an agent, as one commit; its attached sessions follow; asks on a terminal, --yes elsewhere."`
	Attach     AgentAttachCmd     `cmd:"" help:"Attach this Claude Code session to an agent (a session has one agent at a time)."`
	Detach     AgentDetachCmd     `cmd:"" help:"Detach this session from its agent; the thread keeps what it recorded."`
	EndSession AgentEndSessionCmd `cmd:"end-session" help:"Record the end of this session in its agent's thread (the SessionEnd hook does it)."`
}

// workspace opens the project around the working directory; an older
// store is converted only when the user agrees on a terminal.
func (d *deps) workspace() (*full.Workspace, error) {
	env := full.Env{IO: d.IO, Home: d.Home}
	if d.Interactive {
		env.Confirm = d.confirmConvert
	}
	return full.Open(env)
}

// sessionWorkspace is the project and the session a command acts on:
// the --session flag, else the session it runs in.
func (d *deps) sessionWorkspace(flag string) (*full.Workspace, string, error) {
	w, err := d.workspace()
	if err != nil {
		return nil, "", err
	}
	sid, err := w.Session(flag)
	return w, sid, err
}

// confirmConvert asks before converting an older store.
func (d *deps) confirmConvert(from, to int) (bool, error) {
	fmt.Fprintf(d.Stderr, "The project's private store has format %d; this ai writes format %d and older versions will not read it after the change. Convert it now? [y/N] ", from, to)
	line, err := bufio.NewReader(d.Stdin).ReadString('\n')
	if err != nil && line == "" {
		return false, nil
	}
	a := strings.ToLower(strings.TrimSpace(line))
	return a == "y" || a == "yes", nil
}

// pickAgent resolves an unnamed agent: the session's, else the
// project's only one, else the one picked on a terminal; otherwise the
// error lists them.
func (d *deps) pickAgent(w *full.Workspace, name string) (thread.Agent, error) {
	if name != "" {
		return w.Agent(name)
	}
	if sid := d.Getenv(full.EnvSession); sid != "" {
		if n, err := w.SessionAgent(sid); err == nil && n != "" {
			return w.Agent(n)
		}
	}
	names, err := w.Agents()
	if err != nil {
		return thread.Agent{}, err
	}
	switch {
	case len(names) == 0:
		return thread.Agent{}, fmt.Errorf("%w: this project has no agents yet; make one with ai agent new NAME", thread.ErrNoAgent)
	case len(names) == 1:
		return w.Agent(names[0])
	case d.Interactive:
		return d.choose(w, names)
	}
	return thread.Agent{}, fmt.Errorf("name an agent (-a NAME); the agents here are %s", strings.Join(names, ", "))
}

// choose asks which agent on the terminal.
func (d *deps) choose(w *full.Workspace, names []string) (thread.Agent, error) {
	for i, n := range names {
		fmt.Fprintf(d.Stderr, "%d) %s\n", i+1, n)
	}
	fmt.Fprintf(d.Stderr, "Which agent? [1-%d] ", len(names))
	line, _ := bufio.NewReader(d.Stdin).ReadString('\n')
	k, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil || k < 1 || k > len(names) {
		return thread.Agent{}, errors.New("no agent picked")
	}
	return w.Agent(names[k-1])
}

// AgentNewCmd is `ai agent new NAME`.
type AgentNewCmd struct {
	Name string `arg:"" help:"The agent's name: lowercase letters, digits and -."`
}

// Run creates the agent.
func (c *AgentNewCmd) Run(d *deps) error {
	w, err := d.workspace()
	if err != nil {
		return err
	}
	if err := w.New(c.Name, "ai agent new "+c.Name); err != nil {
		return err
	}
	fmt.Fprintf(d.Stdout, "Created agent %s with an empty thread. Attach a session with /ai attach %s inside Claude Code, or start one with: ai agent resume %s\n", c.Name, c.Name, c.Name)
	return nil
}

// AgentAttachCmd is `ai agent attach NAME`.
type AgentAttachCmd struct {
	Name       string `arg:"" help:"The agent."`
	Session    string `help:"The session id (default: the session this runs in)."`
	Transcript string `help:"The session's transcript (default: found under ~/.claude/projects)." type:"path"`
}

// Run attaches the session and copies its transcript.
func (c *AgentAttachCmd) Run(d *deps) error {
	w, sid, err := d.sessionWorkspace(c.Session)
	if err != nil {
		return err
	}
	if _, err := w.Agent(c.Name); err != nil {
		return err
	}
	if err := d.knownSession(w, c.Session, c.Transcript); err != nil {
		return err
	}
	res, err := w.Attach(c.Name, sid, c.Transcript, d.Cwd, "ai agent attach "+c.Name)
	if err != nil {
		return err
	}
	fmt.Fprintln(d.Stdout, attachedText(c.Name, sid, res))
	return nil
}

// knownSession refuses a --session that names no session Claude Code
// recorded (a placeholder like ID, a typo) unless --transcript says where
// it is: attached, it would count as a live session of the agent from
// then on and hold up ai agent rm. A session attached already is known.
func (d *deps) knownSession(w *full.Workspace, flag, transcript string) error {
	if flag == "" || transcript != "" || full.FindTranscript(d.Getenv, flag) != "" {
		return nil
	}
	if name, err := w.SessionAgent(flag); err == nil && name != "" {
		return nil
	}
	where := "~/.claude/projects"
	if dirs, err := paths.Resolve(d.Getenv); err == nil {
		where = d.pretty(dirs.Projects())
	}
	return fmt.Errorf("no Claude Code session %s: it has no transcript under %s; a session's id is in its /status (or pass --transcript FILE)", flag, where)
}

func attachedText(name, sid string, res full.Attached) string {
	verb := "Attached"
	if res.Again {
		verb = "Attached again (its part of the thread rebuilt from the transcript):"
	}
	return fmt.Sprintf("%s session %s to agent %s: %s found. Read the thread with ai agent view; open a line with ai agent zoom ID.", verb, sid, name, countOf(int(res.Turns), "turn"))
}

// AgentDetachCmd is `ai agent detach`.
type AgentDetachCmd struct {
	Session string `help:"The session id (default: the session this runs in)."`
}

// Run detaches the session from its agent.
func (c *AgentDetachCmd) Run(d *deps) error {
	w, sid, err := d.sessionWorkspace(c.Session)
	if err != nil {
		return err
	}
	name, err := w.Detach(sid, "ai agent detach")
	if err != nil {
		return err
	}
	fmt.Fprintf(d.Stdout, "Detached session %s from agent %s; its thread keeps what it recorded.\n", sid, name)
	return nil
}

// AgentEndSessionCmd is `ai agent end-session`.
type AgentEndSessionCmd struct {
	Session    string        `help:"The session id (default: the session this runs in)."`
	Transcript string        `help:"The session's transcript (default: the one its agent copies)." type:"path"`
	Wait       time.Duration `hidden:"" help:"How long to wait for a command writing the thread (the SessionEnd hook's budget)."`
}

// Run records the session's end and commits.
func (c *AgentEndSessionCmd) Run(d *deps) error {
	w, sid, err := d.sessionWorkspace(c.Session)
	if err != nil {
		return err
	}
	name, err := w.EndSession(sid, c.Transcript, c.Wait)
	if err != nil {
		return err
	}
	if name == "" {
		return fmt.Errorf("session %s is %w", sid, full.ErrNotAttached)
	}
	fmt.Fprintf(d.Stdout, "Ended session %s of agent %s.\n", sid, name)
	return nil
}
