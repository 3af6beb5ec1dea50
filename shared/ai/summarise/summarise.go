// Package summarise is the summariser backend of the `ai` stores: it asks
// a model for one summary and returns it as one line cut to a limit. The
// only backend is Claude Code's print mode, run so that nothing of the
// user's setup (hooks, plugins, MCP servers, tools) takes part: a hook
// that itself summarised would recurse.
package summarise

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/modelcall"
)

// Backends this package knows, for settings validation.
var Backends = []string{"claude"}

// DefaultModel is the model asked when the settings name none.
const DefaultModel = "sonnet"

// DefaultTimeout bounds one summary.
const DefaultTimeout = 3 * time.Minute

// EnvMarker is set in the summariser's environment, so that an `ai`
// started inside it (by a hook the user forced in) can tell.
const EnvMarker = "AI_SUMMARISER=1"

// ErrBackend: the model run failed or answered with an error.
var ErrBackend = errors.New("summariser failed")

// Claude summarises with `claude -p`.
type Claude struct {
	// Model is passed as --model; empty means [DefaultModel].
	Model string
	// Bin is the claude executable; empty means "claude" on PATH.
	Bin string
	// Timeout bounds one run; zero means [DefaultTimeout].
	Timeout time.Duration
	// Run runs the command; nil means [Exec].
	Run Runner
	// Ledger, when set, is the model-call ledger each run is recorded in
	// before it starts (package modelcall), By what made it.
	Ledger, By string
}

// Args are the arguments of one run: print mode, no setting sources (so
// no hooks or plugins), no tools, nothing saved, a JSON result.
func (c Claude) Args() []string {
	model := c.Model
	if model == "" {
		model = DefaultModel
	}
	return []string{"-p", "--setting-sources", "", "--tools", "", "--no-session-persistence",
		"--output-format", "json", "--model", model}
}

// Summarise runs claude with prompt on stdin and returns its answer as is;
// callers cut it with [OneLine].
func (c Claude) Summarise(ctx context.Context, prompt string) (string, error) {
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	bin, run := c.Bin, c.Run
	if bin == "" {
		bin = "claude"
	}
	if run == nil {
		run = Exec
	}
	if c.Ledger != "" {
		_ = modelcall.Record(c.Ledger, modelcall.Call{T: time.Now().Unix(), By: c.By, Model: c.Args()[len(c.Args())-1]})
	}
	out, err := run(ctx, Command{Name: bin, Args: c.Args(), Stdin: []byte(prompt), Env: []string{EnvMarker}})
	if ctx.Err() == context.DeadlineExceeded {
		return "", fmt.Errorf("%w: no answer within %v", ErrBackend, timeout)
	}
	text, perr := parseResult(out)
	if err != nil && (perr == nil || len(bytes.TrimSpace(out)) == 0) {
		return "", fmt.Errorf("%w: %v", ErrBackend, err)
	}
	return text, perr
}

// result is the part of `claude -p --output-format json` read here.
type result struct {
	Type    string  `json:"type"`
	Subtype string  `json:"subtype"`
	IsError bool    `json:"is_error"`
	Result  *string `json:"result"`
}

func parseResult(out []byte) (string, error) {
	var r result
	if err := jsonx.Unmarshal(out, &r); err != nil || r.Type != "result" {
		return "", fmt.Errorf("%w: unreadable output %q", ErrBackend, OneLine(string(out), 200))
	}
	if r.IsError || r.Result == nil {
		text := ""
		if r.Result != nil {
			text = *r.Result
		}
		return "", fmt.Errorf("%w: %s %s", ErrBackend, r.Subtype, OneLine(text, 200))
	}
	return *r.Result, nil
}

// OneLine joins text's lines and runs of space into single spaces and
// cuts it to at most limit characters, at a word boundary when one is
// close, marking the cut with "…".
func OneLine(text string, limit int) string {
	s := strings.Join(strings.FieldsFunc(text, unicode.IsSpace), " ")
	if utf8.RuneCountInString(s) <= limit || limit <= 0 {
		if limit <= 0 {
			return ""
		}
		return s
	}
	r := []rune(s)[:limit-1]
	if i := lastSpace(r); i >= len(r)/2 {
		r = r[:i]
	}
	return strings.TrimRightFunc(string(r), unicode.IsSpace) + "…"
}

func lastSpace(r []rune) int {
	for i := len(r) - 1; i >= 0; i-- {
		if r[i] == ' ' {
			return i
		}
	}
	return -1
}
