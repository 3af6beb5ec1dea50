package taskchange

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
	"unicode"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/modelcall"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// Asker puts a question to a model and returns its raw answer. It must
// give up when ctx ends.
type Asker func(ctx context.Context, model, question string) (string, error)

// ChildEnv is set in the tie-breaker's environment. The child runs with
// an empty --setting-sources, so no settings (and no installed plugin)
// load, and the hook also returns at once when it finds this variable:
// the question can never fire the detector again.
const ChildEnv = "SI_TASK_CHANGE_CHILD"

// Limits of the tie-breaker.
const (
	askSlack     = 500 * time.Millisecond // on top of semanticTimeoutMs, for the process itself
	askReserve   = 300 * time.Millisecond // left of the hook's budget to record and answer
	maxAnswer    = 4 << 10                // bytes of the answer kept
	maxAskPrompt = 2000                   // characters of the prompt sent
	maxAskFiles  = 12                     // pooled files listed in the question
)

// ErrNoAnswer is returned when the model printed nothing.
var ErrNoAnswer = errors.New("empty answer")

// ClaudeAsker asks through the claude CLI found as bin on PATH, in print
// mode with no settings sources (so no hooks or plugins), no tools and no
// session file; the question goes on stdin. The child and anything it
// starts are killed when ctx ends.
func ClaudeAsker(bin string) Asker {
	return func(ctx context.Context, model, question string) (string, error) {
		exe, err := exec.LookPath(bin)
		if err != nil {
			return "", fmt.Errorf("find %s: %w", bin, err)
		}
		cmd := exec.CommandContext(ctx, exe, "-p", "--model", model, "--setting-sources", "",
			"--tools", "", "--no-session-persistence")
		cmd.Stdin = strings.NewReader(question)
		cmd.Env = append(os.Environ(), ChildEnv+"=1")
		out := &capped{max: maxAnswer}
		cmd.Stdout = out
		cmd.WaitDelay = 100 * time.Millisecond
		// Its own group: a tie-breaker that started helpers of its own
		// leaves nothing behind.
		if err := proc.RunGroup(cmd); err != nil {
			if ctx.Err() != nil {
				return "", fmt.Errorf("run %s: %w", bin, ctx.Err())
			}
			return "", fmt.Errorf("run %s: %w", bin, err)
		}
		if strings.TrimSpace(out.String()) == "" {
			return "", ErrNoAnswer
		}
		return out.String(), nil
	}
}

// capped is a writer that keeps the first max bytes and drops the rest.
// The buffer is a field, not embedded, so that io.Copy cannot bypass
// Write through the buffer's ReadFrom.
type capped struct {
	buf bytes.Buffer
	max int
}

func (c *capped) Write(p []byte) (int, error) {
	if room := c.max - c.buf.Len(); room > 0 {
		c.buf.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}

func (c *capped) String() string { return c.buf.String() }

// Question is what the tie-breaker is asked: the current task, the files
// in play and the new prompt, with a one-word answer format.
func Question(base Baseline, prompt string) string {
	var b strings.Builder
	b.WriteString("You compare two pieces of software work. Answer with exactly one word: ")
	b.WriteString("SAME if the new request continues the current task (same feature, files or area), ")
	b.WriteString("DIFFERENT if it starts unrelated work.\n\n")
	task := base.Task
	if task == "" {
		task = "(not written down)"
	}
	fmt.Fprintf(&b, "Current task: %s\n", task)
	if files := base.pool().list; len(files) > 0 {
		fmt.Fprintf(&b, "Files in play: %s\n", strings.Join(files[:min(len(files), maxAskFiles)], ", "))
	}
	p := []rune(strings.TrimSpace(prompt))
	if len(p) > maxAskPrompt {
		p = append(p[:maxAskPrompt], '…')
	}
	fmt.Fprintf(&b, "New request: %s\n\nAnswer (SAME or DIFFERENT):", string(p))
	return b.String()
}

// ConfidentSame reports whether an answer is a clear SAME: its first word
// is SAME (any case, punctuation ignored) and DIFFERENT appears nowhere.
// Anything else, including garbage, keeps the heuristic's hint.
func ConfidentSame(answer string) bool {
	up := strings.ToUpper(answer)
	if strings.Contains(up, "DIFFERENT") {
		return false
	}
	words := strings.FieldsFunc(up, func(r rune) bool { return !unicode.IsLetter(r) })
	return len(words) > 0 && words[0] == "SAME"
}

// askTimeout is the tie-breaker's time limit: semanticTimeoutMs plus a
// little, but never past the hook's own deadline less what it needs to
// finish. Zero or less means there is no time to ask.
func askTimeout(ctx context.Context, timeoutMs int) time.Duration {
	limit := time.Duration(timeoutMs)*time.Millisecond + askSlack
	if dl, ok := ctx.Deadline(); ok {
		limit = min(limit, time.Until(dl)-askReserve)
	}
	return limit
}

// tieBreak asks the model whether an ambiguous prompt continues the
// current task and reports a confident SAME. Any failure (no claude on
// PATH, a hang past the limit, an error, an unclear answer) is logged and
// leaves the heuristic's hint standing.
func (d Detector) tieBreak(rt *hookio.Runtime, base Baseline, prompt string) bool {
	cfg := rt.Config.TaskChange
	if d.Ask == nil {
		return false
	}
	limit := askTimeout(rt.Ctx, cfg.SemanticTimeoutMs)
	if limit <= 0 {
		rt.Log.Warnf(nil, "tie-breaker skipped: no time left")
		return false
	}
	ctx, cancel := context.WithTimeout(rt.Ctx, limit)
	defer cancel()
	start := time.Now()
	// Counted where si doctor and ai status see it: a call on the user's account.
	_ = modelcall.Record(modelcall.Path(rt.Dirs), modelcall.Call{T: start.Unix(), By: "task-change tie-breaker", Model: cfg.HaikuModel})
	answer, err := d.Ask(ctx, cfg.HaikuModel, Question(base, prompt))
	took := map[string]int64{"ms": time.Since(start).Milliseconds()}
	if err != nil {
		rt.Log.Warnf(took, "tie-breaker failed, heuristic kept: %v", err)
		return false
	}
	same := ConfidentSame(answer)
	rt.Log.Infof(took, "tie-breaker answered %q (same: %v)", firstLine(answer), same)
	return same
}

// firstLine is the answer's first line, at most 40 characters, for logs.
func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	if r := []rune(line); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return line
}
