package confirm

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// Runner runs `si ARGS` (ARGS ends in --yes) and returns what it printed.
type Runner func(ctx context.Context, getenv func(string) string, args []string) (string, error)

// runTimeout leaves the write room inside UserPromptSubmit's budget.
const runTimeout = 3 * time.Second

// maxOutput caps what si's answer adds to the prompt.
const maxOutput = 16 << 10

// RunSibling runs the si binary installed beside the hook.
func RunSibling(ctx context.Context, getenv func(string) string, args []string) (string, error) {
	si, err := proc.IO{Getenv: getenv}.Sibling("si")
	if err != nil {
		return "", fmt.Errorf("si %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, runTimeout)
	defer cancel()
	var out bytes.Buffer
	cmd := exec.CommandContext(ctx, si, args...)
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	return strings.TrimSpace(out.String()), err
}

// Step is the /si confirmation's part in UserPromptSubmit: it handles
// the prompt that follows a /si preview. A YES (or an answer to the
// config form) is consumed here, so no later feature scores it as a task;
// any other reply drops the change with a note and the prompt goes on to
// the next features as usual. Sessions with no preview pending cost one
// failed open.
func Step(run Runner) hookio.Step {
	return hookio.Step{Name: "si confirm", Run: func(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, bool, error) {
		if rt.SID == "" {
			return hookio.Result{}, false, nil
		}
		p, ok, err := Take(rt.Dirs.Session(rt.SID))
		if err != nil {
			rt.Log.Warnf(nil, "si confirm: %v", err)
		}
		switch {
		case !ok:
			return hookio.Result{}, false, nil
		case p.Form && rt.Now().Sub(p.At) > MaxAge:
			return hookio.Result{}, false, nil
		case p.Form:
			return form(rt, in, run)
		case !IsYes(in.Prompt):
			rt.Log.Infof(map[string]any{"args": p.Args}, "si confirm: not YES, change dropped")
			note := fmt.Sprintf("session-intelligence: the reply to the /si change (si %s) was not YES, so nothing was written.", strings.Join(p.Args, " "))
			return hookio.Result{Context: note}, false, nil
		}
		ctxText, notice := apply(rt, p, run)
		return hookio.Result{Context: ctxText, Notice: notice}, true, nil
	}}
}

// apply writes a confirmed change unless it expired or its file changed
// since the diff was shown; it returns the model's note and the user's.
func apply(rt *hookio.Runtime, p Pending, run Runner) (string, string) {
	req := "si " + strings.Join(p.Args, " ")
	switch {
	case rt.Now().Sub(p.At) > MaxAge:
		return fmt.Sprintf("session-intelligence: the user replied YES, but the /si change (%s) was shown more than %d minutes ago, so nothing was written. Tell the user to run /si again to see the current diff.", req, int(MaxAge.Minutes())),
			"si: the /si change expired; nothing was written"
	case Hash(p.Path) != p.Before:
		return fmt.Sprintf("session-intelligence: the user replied YES, but %s changed after the diff was shown, so nothing was written. Tell the user to run /si again to see the new diff.", p.Path),
			"si: the file changed since the diff; nothing was written"
	}
	out, err := run(rt.Ctx, rt.Getenv, append(append([]string{}, p.Args...), "--yes"))
	if len(out) > maxOutput {
		out = out[:maxOutput] + "\n[cut]"
	}
	if err != nil {
		rt.Log.Warnf(map[string]any{"args": p.Args}, "si confirm: write failed: %v", err)
		return fmt.Sprintf("session-intelligence: the user replied YES, but writing the /si change (%s --yes) failed (%v). Its output:\n%s\nExplain the error to the user in one sentence.", req, err, out),
			"si: the change was not written: " + firstLine(out, err)
	}
	rt.Log.Infof(map[string]any{"args": p.Args}, "si confirm: written")
	return fmt.Sprintf("session-intelligence: the user replied YES to the /si change, and the plugin wrote it before this turn (%s --yes). Its output:\n%s\nTell the user it was written and whether a restart is needed, as the output says. Do not run si again.", req, out),
		"si: " + firstLine(out, nil)
}

// firstLine is the line of si's output that says what happened: the
// one starting "Wrote" or "No change", else the last line.
func firstLine(out string, err error) string {
	lines := strings.Split(out, "\n")
	for _, l := range lines {
		if strings.HasPrefix(l, "Wrote ") || strings.HasPrefix(l, "No change") || strings.HasPrefix(l, "si: ") {
			return strings.TrimPrefix(l, "si: ")
		}
	}
	if err != nil {
		return err.Error()
	}
	return lines[len(lines)-1]
}

// form previews the user's answer to the /si config form through `si
// slash`, which records the change for the YES that follows.
func form(rt *hookio.Runtime, in *hookio.Input, run Runner) (hookio.Result, bool, error) {
	switch {
	case IsFormClose(in.Prompt):
		return hookio.Result{Context: "session-intelligence: the user closed the /si config form; nothing changed."}, true, nil
	case !IsFormAnswer(in.Prompt):
		return hookio.Result{}, false, nil // an ordinary prompt: the form is just closed
	}
	out, err := run(rt.Ctx, rt.Getenv, []string{"slash", "--session", rt.SID, "--", "config", "--apply", in.Prompt})
	if len(out) > maxOutput {
		out = out[:maxOutput] + "\n[cut]"
	}
	if err != nil {
		rt.Log.Warnf(nil, "si confirm: preview of the form answer failed: %v", err)
		return hookio.Result{Context: fmt.Sprintf("session-intelligence: the user answered the /si config form, but si could not preview it (%v). Its output:\n%s\nExplain the error in one sentence.", err, out)}, true, nil
	}
	return hookio.Result{Context: "session-intelligence: the user answered the /si config form; si previewed the answer and wrote nothing. Its output:\n" + out +
		"\nShow this output to the user exactly as printed, in a code block. If it is a change, ask the user to reply YES to write it and end your turn; write nothing yourself."}, true, nil
}
