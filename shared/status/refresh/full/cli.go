package full

import (
	"fmt"

	"github.com/alecthomas/kong"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/core/version"
)

// deps is what Run works with.
type deps struct {
	proc.IO
	Dirs   paths.Dirs
	Config config.Config
}

// Main runs one refresh and returns the exit code. Failures land in the
// caches the status line reads, not on a terminal nobody watches.
func Main(args []string, env proc.IO) int {
	if version.Asked(args) {
		return version.Print(env.Stdout, "si-refresh")
	}
	var cli CLI
	code := -1
	parser, err := kong.New(&cli, kong.Name("si refresh"),
		kong.Writers(env.Stdout, env.Stderr), kong.Exit(func(c int) { code = c }))
	if err == nil {
		_, err = parser.Parse(args)
	}
	switch {
	case code >= 0:
		return code
	case err != nil:
		fmt.Fprintln(env.Stderr, "si refresh:", err)
		return 2
	}
	dirs, err := paths.Resolve(env.Getenv)
	if err != nil {
		fmt.Fprintln(env.Stderr, "si refresh:", err)
		return 1
	}
	cfg, _ := config.Load(config.Files{Legacy: dirs.LegacyConfig(), Unified: dirs.Config()}, env.Getenv)
	if err := cli.Run(&deps{IO: env, Dirs: dirs, Config: cfg}); err != nil {
		fmt.Fprintln(env.Stderr, "si refresh:", err)
		return 1
	}
	return 0
}
