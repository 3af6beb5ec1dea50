package line

import (
	"bytes"
	"context"
	"os/exec"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
)

// Chain settings from the environment (CLAUDE_STATUSLINE_*).
type Chain struct {
	Previous  string        // the user's previous statusLine command; "" for none
	NoPrev    bool          // CLAUDE_STATUSLINE_NO_PREV=1
	NoIntel   bool          // CLAUDE_STATUSLINE_NO_INTEL=1
	PrevFirst bool          // CLAUDE_STATUSLINE_PREV_FIRST=1
	Sep       string        // CLAUDE_STATUSLINE_SEP, default newline
	Timeout   time.Duration // how long the previous command may take
}

// ChainFromEnv reads the chain knobs.
func ChainFromEnv(getenv func(string) string, previous string) Chain {
	c := Chain{Previous: previous, NoPrev: getenv("CLAUDE_STATUSLINE_NO_PREV") == "1",
		NoIntel: getenv("CLAUDE_STATUSLINE_NO_INTEL") == "1", PrevFirst: getenv("CLAUDE_STATUSLINE_PREV_FIRST") == "1",
		Sep: "\n", Timeout: 2 * time.Second}
	if sep, ok := lookup(getenv, "CLAUDE_STATUSLINE_SEP"); ok {
		c.Sep = termtext.Text(sep) // a repository's settings can set it
	}
	return c
}

func lookup(getenv func(string) string, key string) (string, bool) {
	v := getenv(key)
	return v, v != ""
}

// runPrevious runs the previous status line command with the same stdin,
// in the shell Claude Code would run it in ([shellCommand]), under a
// timeout, and returns its output made safe to print: at most
// maxPrevLines lines and maxPrevBytes bytes, valid UTF-8, no control
// sequences other than colours and hyperlinks. A command that fails,
// hangs or prints nothing yields "".
func runPrevious(ctx context.Context, command string, stdin []byte, env []string, timeout time.Duration) string {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	shell, args := shellCommand(command, env)
	cmd := exec.CommandContext(ctx, shell, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	cmd.Env = env
	cmd.WaitDelay = 100 * time.Millisecond
	var out limitedBuffer
	cmd.Stdout = &out
	_ = proc.RunGroup(cmd)
	return Sanitize(out.Bytes())
}

const (
	maxPrevBytes = 8 << 10
	maxPrevLines = 6
)

// limitedBuffer keeps the first maxPrevBytes written to it. The buffer
// is a field, not embedded: an embedded bytes.Buffer's ReadFrom, which
// os/exec's copy of the child's output prefers to Write, took in all of
// it, however much the previous command printed.
type limitedBuffer struct{ buf bytes.Buffer }

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if room := maxPrevBytes - l.buf.Len(); room > 0 {
		l.buf.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// Bytes is what was kept.
func (l *limitedBuffer) Bytes() []byte { return l.buf.Bytes() }

// Sanitize keeps text, tabs, newlines, SGR colour sequences and OSC 8
// hyperlinks ([termtext.Styled]): the previous command's styling is the
// user's own, but what it prints may come from anywhere (a branch, a
// title). At most maxPrevLines lines.
func Sanitize(b []byte) string {
	lines := strings.Split(strings.TrimRight(termtext.Styled(string(b)), "\n"), "\n")
	if len(lines) > maxPrevLines {
		lines = lines[:maxPrevLines]
	}
	return strings.TrimRight(strings.Join(lines, "\n"), "\n")
}

// Compose joins our lines and the previous command's output.
func (c Chain) Compose(ours, prev string) string {
	if c.NoIntel {
		ours = ""
	}
	if c.NoPrev {
		prev = ""
	}
	first, second := ours, prev
	if c.PrevFirst {
		first, second = prev, ours
	}
	switch {
	case first == "":
		return second
	case second == "":
		return first
	}
	return first + c.Sep + second
}
