package cli

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/usercmd"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/si/confirm"
)

// slashOutputCap bounds what /si puts into the prompt; `si show` and
// `si config` print a few KB.
const slashOutputCap = 64 << 10

// SlashCmd is `si slash ARGS...`, what the /si command file runs through
// Claude Code's shell injection before the prompt is sent. A non-zero
// exit there would abort the whole command with a bare error, so it
// always exits 0 and reports si's status in the text instead. It never
// writes: --yes is dropped, because a change is written only after the
// user has seen the diff and answered YES (the UserPromptSubmit hook then
// writes it; package si/confirm).
type SlashCmd struct {
	Session string   `help:"The Claude Code session the request comes from: a change it shows becomes pending there until the user's reply (package si/confirm)."`
	Args    []string `arg:"" optional:"" passthrough:"" help:"The /si request: a si command and its arguments (default: show)."`
}

// Run runs the request with its output captured and prints it under a
// first line that names the request, shell-quoted, for the --yes rerun.
func (c *SlashCmd) Run(d *deps) error {
	// The /si user command outlives a plugin uninstalled with Claude
	// Code's own commands: it then says so and removes itself.
	if line, retired := usercmd.Retire(usercmd.Options{Dir: filepath.Join(d.Dirs.Claude, "commands"), State: d.Dirs.State}, d.Dirs.Claude); retired {
		fmt.Fprintln(d.Stdout, line)
		return nil
	}
	args, dropped := withoutYes(c.Args)
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		args = []string{"show"}
	}
	fmt.Fprintf(d.Stdout, "$ si %s\n", shellJoin(args))
	if why := refusal(args); why != "" {
		fmt.Fprintf(d.Stdout, "si: %s\n", why)
		return nil
	}
	out := &capped{limit: slashOutputCap}
	var previewed string // the file whose change was shown and not written
	io := d.IO
	io.Stdin, io.Stdout, io.Stderr = strings.NewReader(""), out, out
	code := Main(args, Env{IO: io, Previewed: func(path string) { previewed = path }})
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
	switch {
	case code == 0 && previewed != "" && confirm.Writable[args[0]]:
		c.pend(d, args, previewed)
	case code == 0 && len(args) == 1 && args[0] == "config" && c.Session != "":
		// The form: its answer comes as the user's next prompt.
		if sid := paths.SessionID(c.Session); sid != "" {
			_ = confirm.Save(d.Dirs.Session(sid), confirm.Pending{Form: true, At: d.Now()})
		}
	}
	return nil
}

// pend records the change just shown as pending in the session, so that
// the UserPromptSubmit hook writes it when the user's next prompt is YES.
// Without a session (an older Claude Code) the user writes it in a
// terminal.
func (c *SlashCmd) pend(d *deps, args []string, path string) {
	sid := paths.SessionID(c.Session)
	if sid == "" {
		fmt.Fprintf(d.Stdout, "[To write it, run in a terminal: si %s --yes]\n", shellJoin(args))
		return
	}
	p := confirm.Pending{Args: args, Path: path, Before: confirm.Hash(path), At: d.Now()}
	if err := confirm.Save(d.Dirs.Session(sid), p); err != nil {
		fmt.Fprintf(d.Stdout, "[could not keep the change for your YES (%v); to write it, run in a terminal: si %s --yes]\n", err, shellJoin(args))
		return
	}
	fmt.Fprintln(d.Stdout, "[Reply YES to write this change: session-intelligence writes it when your reply arrives. Any other reply cancels it.]")
}

// slashable are the requests /si runs before the prompt: the ones that
// only read, or show a change without writing it (--yes is dropped).
// The rest write or act without a --yes (install, learn, expand --prune),
// start sessions (relay run) or wait on stdin (ail mcp), so they belong
// in a terminal.
var slashable = map[string]bool{
	"show": true, "status": true, "doctor": true, "get": true, "set": true, "reset": true,
	"explain": true, "config": true, "migrate": true, "usage": true, "replay": true,
	"deploy": true, "relay": true, "expand": true, "completion": true, "--help": true, "-h": true,
}

// refusal says why a request is not run through /si; "" runs it.
func refusal(args []string) string {
	switch {
	case !slashable[args[0]]:
		return fmt.Sprintf("/si does not run %q; run `si %s` in a terminal", args[0], shellJoin(args))
	case args[0] == "relay" && len(args) > 1 && args[1] != "status" && args[1] != "reset":
		return "/si shows the relay (si relay status) and calls it off (si relay reset); run `si relay run` in a terminal"
	case args[0] == "expand" && slices.Contains(args, "--prune"):
		return "/si does not prune the archive; run `si expand --prune` in a terminal"
	}
	return ""
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
