package cli

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/full"
	"github.com/session-intelligence/session-intelligence/shared/ai/agent/summary"
	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// slashMessage is one message of the conversation /ai leaves, in the
// plugin module's shape for session.compact.
type slashMessage struct {
	Role        string       `json:"role"`
	Text        string       `json:"text"`
	ToolUses    []toolUse    `json:"toolUses,omitempty"`
	ToolResults []toolResult `json:"toolResults,omitempty"`
}

type toolUse struct {
	ID    string            `json:"tool_use_id"`
	Tool  string            `json:"tool"`
	Input map[string]string `json:"input"`
}

type toolResult struct {
	ID   string `json:"tool_use_id"`
	Text string `json:"text"`
}

// replace builds the view /ai replaces the context with: the lines the
// thread's view needs are written first (and committed as the /ai
// event); any failure leaves the context alone and says why. Cancelled
// (Esc: SIGTERM from Claude Code), it says what it kept, also in the
// cancel report, since Claude Code no longer reads its output.
func (c *SlashCmd) replace(d *deps, sid string) (slashAnswer, error) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var rep summary.Report
	planned := -1 // no build ran
	build := func(w *full.Workspace, a thread.Agent, o full.BuildOptions) error {
		plan, r, err := w.Build(ctx, a, o)
		rep, planned = r, plan.Len()
		if ctx.Err() != nil {
			c.reportCancel(d, rep, planned) // first: the commit may outlast Claude Code's grace
		}
		cerr := w.Event("/ai", nil)
		if err == nil {
			err = buildOutcome(rep, planned, "the next /ai")
		}
		return errors.Join(err, cerr)
	}
	v, err := d.wholeView(ctx, sid, build)
	if ctx.Err() != nil {
		return c.reportCancel(d, rep, planned), nil
	}
	if err != nil {
		return slashAnswer{Text: "Nothing was compacted: the view could not be built: " + err.Error()}, nil
	}
	if v.agent == "" && v.notes == 0 {
		return slashAnswer{Text: nothingToShow}, nil
	}
	return viewAnswer(v), nil
}

// nothingToShow is /ai's answer when the view would hold nothing: no
// agent thread and an empty memory would replace the whole conversation
// with a few lines, so the conversation stays.
const nothingToShow = "/ai has nothing to show: this session is not attached to an agent and the memory holds no notes, so nothing was compacted; the conversation is as it was. " +
	"/ai attach NAME (or /ai new NAME) gives the session an agent whose thread /ai shows; ai memory note \"…\" records a note."

// cancelAnswer says that a cancelled /ai compacted nothing and which of
// the planned lines it wrote.
func cancelAnswer(rep summary.Report, planned int) slashAnswer {
	return slashAnswer{Text: "/ai was cancelled: nothing was compacted; the conversation is as it was. " +
		cancelledLines(rep.Wrote, planned, "summary lines the view needs", "the next /ai")}
}

// reportCancel writes the cancel answer to --cancel-report (atomically,
// with the run's nonce) and returns it.
func (c *SlashCmd) reportCancel(d *deps, rep summary.Report, planned int) slashAnswer {
	ans := cancelAnswer(rep, planned)
	if c.CancelReport == "" {
		return ans
	}
	ans.Nonce = c.Nonce
	data, err := jsonx.Marshal(ans)
	if err == nil {
		err = fsutil.WriteAtomic(d.abs(c.CancelReport), append(data, '\n'), 0o600, fsutil.NoSync)
	}
	if err != nil {
		fmt.Fprintf(d.Stderr, "ai: write the cancel report: %v\n", err)
	}
	ans.Nonce = ""
	return ans
}

// viewAnswer is the compaction /ai asks for. The terminal shows the
// conversation Claude Code is left with, so the view comes as the output
// of an `ai view` call, which it folds to one line; the model reads it
// whole.
func viewAnswer(v whole) slashAnswer {
	what := fmt.Sprintf("the memory (%s)", countOf(v.notes, "note"))
	if v.agent != "" {
		what += fmt.Sprintf(" and agent %s's thread in project %s", v.agent, v.project)
	} else {
		what += "; this session is not attached to an agent"
	}
	id := toolID()
	guide := "The view: " + what + ". Open any line with ai memory zoom ID or ai agent zoom ID; search with ai memory grep or ai agent grep.\n\n"
	return slashAnswer{
		Text:    "Replacing the context with " + what + ".",
		Compact: CompactMarker,
		Messages: []slashMessage{
			{Role: "user", Text: fmt.Sprintf("%s\n/ai replaced this conversation with ai view: %s.", thread.ViewMarker, what)},
			{Role: "assistant", ToolUses: []toolUse{{ID: id, Tool: "Bash",
				Input: map[string]string{"command": "ai view", "description": "The memory, then this session's thread"}}}},
			{Role: "user", ToolResults: []toolResult{{ID: id, Text: guide + v.text}}},
			{Role: "assistant", Text: "Understood: I have the memory" + agentPart(v.agent) + " above and will continue from there."},
		},
	}
}

// toolID is a fresh id for the ai view call.
func toolID() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return "toolu_aiview_" + hex.EncodeToString(b)
}

func agentPart(name string) string {
	if name == "" {
		return ""
	}
	return " and my thread as agent " + name
}
