package cli

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/full"
	"github.com/session-intelligence/session-intelligence/shared/cc/usercmd"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// CompactMarker is the /compact argument with which the plugin module
// asks Claude Code to compact; its session.compact hook answers with our
// messages, so no summary is made.
const CompactMarker = "ai-view"

// SlashCmd is what /ai runs: the plugin module calls it with --json (and
// carries out the answer), the command file without.
type SlashCmd struct {
	JSON    bool   `help:"Answer in JSON for the plugin module."`
	Compact bool   `help:"Only build the messages a compaction is replaced with."`
	Session string `help:"The session id (default: the session this runs in)."`
	// Esc in Claude Code stops this process (SIGTERM) and drops its
	// output: the answer for a cancelled run goes to this file too.
	CancelReport string   `hidden:"" help:"Also write the answer here when the run is cancelled (the plugin module reads it after Esc)." type:"path"`
	Nonce        string   `hidden:"" help:"Put into the cancel report, so that an older report is not taken for this run's."`
	Words        []string `arg:"" optional:"" passthrough:"" help:"new NAME, attach NAME, detach, or nothing."`
}

// slashAnswer is what the module does: show Text; when Compact is set,
// run /compact Compact and answer it with Messages.
type slashAnswer struct {
	Text     string         `json:"text"`
	Compact  string         `json:"compact,omitempty"`
	Messages []slashMessage `json:"messages,omitempty"`
	// Nonce is the run's --nonce, in a cancel report.
	Nonce string `json:"nonce,omitempty"`
}

// Run answers /ai.
func (c *SlashCmd) Run(d *deps) error {
	words := c.Words
	if len(words) > 0 && words[0] == "--" {
		words = words[1:]
	}
	if !c.JSON { // the /ai user command, which outlives an uninstalled plugin
		if line, retired := retireCommand(d); retired {
			fmt.Fprintln(d.Stdout, line)
			return nil
		}
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

// retireCommand is [usercmd.Retire] for the configuration directory of
// this run.
func retireCommand(d *deps) (string, bool) {
	dirs, err := paths.Resolve(d.Getenv)
	if err != nil {
		return "", false
	}
	return usercmd.Retire(usercmd.Options{Dir: filepath.Join(dirs.Claude, "commands"), State: dirs.State}, dirs.Claude)
}
