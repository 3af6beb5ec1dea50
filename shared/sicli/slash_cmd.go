package sicli

import (
	"bytes"
	"fmt"
	"strings"
)

// slashOutputCap bounds what /si puts into the prompt; `si show` and
// `si config` print a few KB.
const slashOutputCap = 64 << 10

// SlashCmd is `si slash ARGS...`, what the /si command file runs through
// Claude Code's shell injection before the prompt is sent. A non-zero
// exit there would abort the whole command with a bare error, so it
// always exits 0 and reports si's status in the text instead. It never
// writes: --yes is dropped, because a change is written only after the
// user has seen the diff and answered YES (the model then runs
// `si ... --yes` itself).
type SlashCmd struct {
	Args []string `arg:"" optional:"" passthrough:"" help:"The /si request: a si command and its arguments (default: show)."`
}

// Run runs the request with its output captured and prints it under a
// first line that names the request, shell-quoted, for the --yes rerun.
func (c *SlashCmd) Run(d *deps) error {
	args, dropped := withoutYes(c.Args)
	if len(args) == 0 {
		args = []string{"show"}
	}
	fmt.Fprintf(d.Stdout, "$ si %s\n", shellJoin(args))
	if args[0] == "slash" {
		fmt.Fprintln(d.Stdout, "si: slash: not a /si request")
		return nil
	}
	out := &capped{limit: slashOutputCap}
	code := Main(args, Env{Stdin: strings.NewReader(""), Stdout: out, Stderr: out, Getenv: d.Getenv, Now: d.Now})
	_, _ = d.Stdout.Write(out.buf.Bytes())
	if out.buf.Len() > 0 && !bytes.HasSuffix(out.buf.Bytes(), []byte("\n")) {
		fmt.Fprintln(d.Stdout)
	}
	if out.cut > 0 {
		fmt.Fprintf(d.Stdout, "[output cut: %d more bytes]\n", out.cut)
	}
	if dropped {
		fmt.Fprintln(d.Stdout, "[--yes ignored: /si writes only after you have seen the change and replied YES]")
	}
	if code != 0 {
		fmt.Fprintf(d.Stdout, "[si exited with status %d]\n", code)
	}
	return nil
}

// withoutYes drops --yes and -y, reporting whether there was one.
func withoutYes(args []string) ([]string, bool) {
	out := make([]string, 0, len(args))
	for _, a := range args {
		if a != "--yes" && a != "-y" && a != "--yes=true" {
			out = append(out, a)
		}
	}
	return out, len(out) != len(args)
}

// shellJoin quotes each argument for a POSIX shell where needed.
func shellJoin(args []string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = shellQuote(a)
	}
	return strings.Join(quoted, " ")
}

func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=@%+,-") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// capped keeps the first limit bytes written to it and counts the rest.
type capped struct {
	buf   bytes.Buffer
	limit int
	cut   int
}

func (c *capped) Write(p []byte) (int, error) {
	room := c.limit - c.buf.Len()
	if room >= len(p) {
		return c.buf.Write(p)
	}
	if room > 0 {
		c.buf.Write(p[:room])
	}
	c.cut += len(p) - max(room, 0)
	return len(p), nil
}
