package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/full"
	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// CompactMarker is the /compact argument with which the plugin module
// asks Claude Code to compact; its session.compact hook answers with our
// messages, so no summary is made.
const CompactMarker = "ai-view"

// SlashCmd is what /ai runs: the plugin module calls it with --json (and
// carries out the answer), the command file without.
type SlashCmd struct {
	JSON    bool     `help:"Answer in JSON for the plugin module."`
	Compact bool     `help:"Only build the messages a compaction is replaced with."`
	Session string   `help:"The session id (default: the session this runs in)."`
	Words   []string `arg:"" optional:"" passthrough:"" help:"new NAME, attach NAME, detach, or nothing."`
}

// slashAnswer is what the module does: show Text; when Compact is set,
// run /compact Compact and answer it with Messages.
type slashAnswer struct {
	Text     string         `json:"text"`
	Compact  string         `json:"compact,omitempty"`
	Messages []slashMessage `json:"messages,omitempty"`
}

type slashMessage struct {
	Role string `json:"role"`
	Text string `json:"text"`
}

// Run answers /ai.
func (c *SlashCmd) Run(d *deps) error {
	words := c.Words
	if len(words) > 0 && words[0] == "--" {
		words = words[1:]
	}
	ans, err := c.answer(d, words)
	if !c.JSON {
		if ans.Text != "" {
			fmt.Fprintln(d.Stdout, ans.Text)
		}
		return err
	}
	if err != nil {
		ans = slashAnswer{Text: "ai: " + err.Error()}
	}
	return jsonx.NewEncoder(d.Stdout).Encode(ans)
}

func (c *SlashCmd) answer(d *deps, words []string) (slashAnswer, error) {
	w, werr := d.workspace()
	sid, err := agentSession(d, c.Session)
	if err != nil {
		return slashAnswer{}, err
	}
	verb := ""
	if len(words) > 0 {
		verb = words[0]
	}
	switch {
	case verb == "" && (c.JSON || c.Compact):
		return c.replace(d, sid)
	case verb == "":
		return slashAnswer{Text: "/ai replaces the context through Claude Code's plugin module API, which this session has not loaded: nothing was compacted. `ai view` prints what it would hold."}, nil
	case werr != nil:
		return slashAnswer{}, werr
	case verb == "new" && len(words) == 2:
		res, err := w.NewAttached(words[1], sid, "", d.Cwd, "/ai new "+words[1])
		if err != nil {
			return slashAnswer{}, err
		}
		return slashAnswer{Text: fmt.Sprintf("Created agent %s and attached this session to it. ", words[1]) + attachedText(words[1], sid, res)}, nil
	case verb == "attach" && len(words) == 2:
		res, err := w.Attach(words[1], sid, "", d.Cwd, "/ai attach "+words[1])
		if err != nil {
			return slashAnswer{}, err
		}
		return slashAnswer{Text: attachedText(words[1], sid, res)}, nil
	case verb == "detach" && len(words) == 1:
		name, err := w.Detach(sid, "/ai detach")
		if err != nil {
			return slashAnswer{}, err
		}
		return slashAnswer{Text: fmt.Sprintf("Detached this session from agent %s; its thread keeps what it recorded.", name)}, nil
	}
	return slashAnswer{}, fmt.Errorf("usage: /ai (replace the context with ai view), /ai new NAME, /ai attach NAME, /ai detach; got /ai %s", strings.Join(words, " "))
}

func agentSession(d *deps, explicit string) (string, error) {
	w := full.Workspace{Env: full.Env{IO: proc.IO{Getenv: d.Getenv}}}
	return w.Session(explicit)
}

// replace builds the view /ai replaces the context with: the lines the
// thread's view needs are written first (and committed as the /ai
// event); any failure leaves the context alone and says why.
func (c *SlashCmd) replace(d *deps, sid string) (slashAnswer, error) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	build := func(w *full.Workspace, a thread.Agent, o full.BuildOptions) error {
		_, rep, err := w.Build(ctx, a, o)
		cerr := w.Event("/ai", nil)
		if err == nil {
			err = buildOutcome(rep)
		}
		return errors.Join(err, cerr)
	}
	v, err := d.wholeView(ctx, sid, build)
	if err != nil {
		return slashAnswer{Text: "Nothing was compacted: the view could not be built: " + err.Error()}, nil
	}
	what := fmt.Sprintf("the memory (%s)", countOf(v.notes, "note"))
	if v.agent != "" {
		what += fmt.Sprintf(" and agent %s's thread", v.agent)
	} else {
		what += "; this session is not attached to an agent"
	}
	intro := fmt.Sprintf("%s\n/ai replaced this conversation with the view below: %s. Open any line with ai memory zoom ID or ai agent zoom ID; search with ai memory grep or ai agent grep.\n\n", thread.ViewMarker, what)
	return slashAnswer{
		Text:    "Replacing the context with " + what + ".",
		Compact: CompactMarker,
		Messages: []slashMessage{{Role: "user", Text: intro + v.text},
			{Role: "assistant", Text: "Understood: I have the memory" + agentPart(v.agent) + " above and will continue from there."}},
	}, nil
}

func agentPart(name string) string {
	if name == "" {
		return ""
	}
	return " and my thread as agent " + name
}
