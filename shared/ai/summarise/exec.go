package summarise

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// maxOutput caps what a run may print; an answer is a few hundred bytes.
const maxOutput = 1 << 20

// Command is one run of a backend.
type Command struct {
	Name  string
	Args  []string
	Stdin []byte
	// Env holds KEY=VALUE pairs added to the inherited environment.
	Env []string
	// Dir is the working directory; empty means the caller's.
	Dir string
}

// Runner runs a command until it exits or ctx ends and returns its
// standard output. Tests inject fakes.
type Runner func(ctx context.Context, cmd Command) ([]byte, error)

// Exec runs cmd as a process in its own process group, killed whole when
// ctx ends, with stdout capped at 1 MiB.
func Exec(ctx context.Context, c Command) ([]byte, error) {
	cmd := exec.CommandContext(ctx, c.Name, c.Args...)
	cmd.Dir = c.Dir
	cmd.Env = append(os.Environ(), c.Env...)
	cmd.Stdin = bytes.NewReader(c.Stdin)
	var stdout, stderr capped
	stdout.limit, stderr.limit = maxOutput, 4096
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = 2 * time.Second
	err := proc.RunGroup(cmd)
	if stdout.over {
		return nil, fmt.Errorf("%s printed more than %d bytes", c.Name, maxOutput)
	}
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) && stderr.Len() > 0 {
			return stdout.Bytes(), fmt.Errorf("%s: %w: %s", c.Name, err, bytes.TrimSpace(stderr.Bytes()))
		}
		return stdout.Bytes(), fmt.Errorf("%s: %w", c.Name, err)
	}
	return stdout.Bytes(), nil
}

// capped is a buffer that keeps at most limit bytes and notes overflow.
type capped struct {
	bytes.Buffer
	limit int
	over  bool
}

func (c *capped) Write(p []byte) (int, error) {
	room := c.limit - c.Len()
	if len(p) > room {
		c.over = true
		c.Buffer.Write(p[:max(room, 0)])
		return len(p), nil
	}
	return c.Buffer.Write(p)
}

var _ io.Writer = (*capped)(nil)
