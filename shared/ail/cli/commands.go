// Package cli is `si ail` (the si-ail binary): AILv1 snapshots packed,
// their signatures extracted, unpacked, and served over MCP. It lives
// apart from `si` because the tokenizer, go/parser and the MCP SDK would
// slow down every other si start.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ail"
	"github.com/session-intelligence/session-intelligence/shared/ail/cl100k"
	"github.com/session-intelligence/session-intelligence/shared/ail/codesig"
	"github.com/session-intelligence/session-intelligence/shared/ail/mcpserver"
	"github.com/session-intelligence/session-intelligence/shared/ail/pack"
	"github.com/session-intelligence/session-intelligence/shared/core/redact"
	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
)

// CLI is the grammar of `si ail`: the AILv1 hand-off format.
type CLI struct {
	Pack   PackCmd   `cmd:"" help:"Pack notes, a chat log (stdin without -f) or a .go/.py file into an AILv1 snapshot; secrets are redacted."`
	Sig    SigCmd    `cmd:"" help:"Print the @SIG lines of a .go or .py file."`
	Unpack UnpackCmd `cmd:"" help:"Validate a snapshot and print it with its pointers resolved (stdin without -f)."`
	Mcp    McpCmd    `cmd:"" help:"Serve the AILv1 tools over MCP on stdin/stdout; checkpoints go to the working directory."`
}

// PackCmd is `si ail pack`.
type PackCmd struct {
	File     string   `short:"f" placeholder:"FILE" help:"Input file (default: stdin); .go and .py files become @SIG lines."`
	Log      []string `placeholder:"TRIED|REASON|INSTEAD" sep:"none" help:"A rejected approach, why, and what replaced it (repeatable)."`
	Next     []string `placeholder:"TASK" sep:"none" help:"An open task (repeatable)."`
	NoRedact bool     `help:"Keep secrets, e-mail and IP addresses (not recommended)."`
}

// Run packs the input and prints the snapshot; what was redacted is
// reported on stderr.
func (c *PackCmd) Run(d *deps) error {
	opt := pack.Options{Next: c.Next, NoRedact: c.NoRedact, Counter: cl100k.Counter{}}
	for _, l := range c.Log {
		r, err := pack.ParseLogArg(l)
		if err != nil {
			return fmt.Errorf("pack: %w", err)
		}
		opt.Log = append(opt.Log, r)
	}
	name, data, err := readInput(d, c.File, pack.MaxInput)
	if err != nil {
		return fmt.Errorf("pack: %w", err)
	}
	var res pack.Result
	if codesig.LangOfPath(name) != "" {
		res, err = pack.Source(name, data, opt)
	} else {
		res, err = pack.Text(string(data), opt)
	}
	if err != nil {
		return err
	}
	reportRedactions(d, res.Redacted)
	_, err = io.WriteString(d.Stdout, res.Text)
	return err
}

// SigCmd is `si ail sig`.
type SigCmd struct {
	File string `short:"f" required:"" placeholder:"FILE" help:"A .go or .py file."`
}

// Run prints one @SIG line per function and method.
func (c *SigCmd) Run(d *deps) error {
	name, data, err := readInput(d, c.File, pack.MaxInput)
	if err != nil {
		return fmt.Errorf("sig: %w", err)
	}
	sigs, rep, err := pack.Sigs(codesig.LangOfPath(name), name, data, false)
	if err != nil {
		return err
	}
	reportRedactions(d, rep)
	var b strings.Builder
	for _, s := range sigs {
		l, err := ail.SigLine(s)
		if err != nil {
			return fmt.Errorf("sig %s: %w", name, err)
		}
		fmt.Fprintf(&b, "%s %s\n", l.Kind, l.Body)
	}
	_, err = io.WriteString(d.Stdout, b.String())
	return err
}

// UnpackCmd is `si ail unpack`.
type UnpackCmd struct {
	File    string `short:"f" placeholder:"FILE" help:"Snapshot file (default: stdin)."`
	Lenient bool   `help:"Accept near-misses (-> without its spaces, doubled spaces, a space in an identifier, $N=$M…) and list each repair on stderr."`
}

// Run validates the snapshot and prints it hydrated. Decoding is strict
// unless --lenient; the repairs of lenient decoding go to stderr, one a
// line, so that stdout stays the snapshot's text.
func (c *UnpackCmd) Run(d *deps) error {
	lim := ail.DefaultLimits()
	r, name, done, err := openInput(d, c.File)
	if err != nil {
		return fmt.Errorf("unpack: %w", err)
	}
	doc, repairs, err := ail.Decode(r, ail.DecodeOptions{Limits: lim, Lenient: c.Lenient})
	done()
	var rep strings.Builder
	for _, r := range repairs {
		verb := "repaired "
		if errors.Is(r.Kind, ail.ErrManyRepairs) {
			verb = ""
		}
		fmt.Fprintf(&rep, "si ail: %s: %s%s\n", name, verb, r)
	}
	_, _ = io.WriteString(d.Stderr, rep.String())
	if err == nil {
		var out string
		if out, err = doc.Hydrate(lim); err == nil {
			_, err = io.WriteString(d.Stdout, out)
			return err
		}
	}
	return fmt.Errorf("unpack %s: %w", name, err)
}

// McpCmd is `si ail mcp`.
type McpCmd struct{}

// Run serves until stdin closes or the process is interrupted.
func (c *McpCmd) Run(d *deps) error {
	dir, err := d.cwd()
	if err != nil {
		return fmt.Errorf("mcp: %w", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	// JSON-RPC, not a terminal: its strings are escaped JSON.
	return mcpserver.Serve(ctx, d.Stdin, termtext.Underlying(d.Stdout), mcpserver.Config{Dir: dir, Counter: cl100k.Counter{}, Version: "ailv1"})
}

// readInput reads path, or stdin when path is "" or "-", up to limit
// bytes. It returns the name to show and write in signatures.
func readInput(d *deps, path string, limit int) (string, []byte, error) {
	r, name, done, err := openInput(d, path)
	if err != nil {
		return "", nil, err
	}
	defer done()
	data, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return "", nil, fmt.Errorf("read %s: %w", name, err)
	}
	if len(data) > limit {
		return "", nil, fmt.Errorf("%s is over the %d-byte limit", name, limit)
	}
	return name, data, nil
}

// openInput opens path, or stdin when path is "" or "-", and returns the
// name to show and what closes it.
func openInput(d *deps, path string) (io.Reader, string, func(), error) {
	if path == "" || path == "-" {
		return d.Stdin, "stdin", func() {}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, "", nil, err
	}
	return f, path, func() { f.Close() }, nil
}

// reportRedactions tells the user on stderr what was replaced.
func reportRedactions(d *deps, rep redact.Report) {
	if rep.Total() == 0 {
		return
	}
	kinds := make([]string, 0, len(rep))
	for k, n := range rep {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, n))
	}
	slices.Sort(kinds)
	fmt.Fprintf(d.Stderr, "si ail: redacted %d (%s)\n", rep.Total(), strings.Join(kinds, ", "))
}
