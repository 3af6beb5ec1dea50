package cli

import (
	"fmt"
	"os"

	"github.com/alecthomas/kong"

	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
	"github.com/session-intelligence/session-intelligence/shared/core/version"
)

// deps is what the commands get bound to Run.
type deps struct{ proc.IO }

// cwd is the working directory checkpoints go to.
func (d *deps) cwd() (string, error) {
	if d.Cwd != "" {
		return d.Cwd, nil
	}
	return os.Getwd()
}

// Main runs `si ail` with args and returns the exit code: 0 success,
// 1 failure, 2 usage error. What it prints goes through
// [termtext.Writer] (the MCP server's protocol stream aside).
func Main(args []string, env proc.IO) int {
	env.Stdout, env.Stderr = termtext.NewWriter(env.Stdout), termtext.NewWriter(env.Stderr)
	if version.Asked(args) {
		return version.Print(env.Stdout, "si-ail")
	}
	var cli CLI
	code := -1
	parser, err := kong.New(&cli, kong.Name("si ail"),
		kong.Description("AILv1 hand-off snapshots: pack, sig, unpack, and an MCP server."),
		kong.Writers(env.Stdout, env.Stderr), kong.Exit(func(c int) { code = c }), kong.UsageOnError())
	if err != nil {
		fmt.Fprintln(env.Stderr, "si ail:", err)
		return 1
	}
	ctx, err := parser.Parse(args)
	switch {
	case code >= 0:
		return code
	case err != nil:
		fmt.Fprintln(env.Stderr, "si ail:", err)
		return 2
	}
	if err := ctx.Run(&deps{IO: env}); err != nil {
		fmt.Fprintln(env.Stderr, "si ail:", err)
		return 1
	}
	return 0
}
