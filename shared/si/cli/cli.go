// Package cli is the `si` command line: the tools behind /si. Each
// subcommand is a small type with a Run method; the process environment
// is injected through Env so that tests run the grammar in-process.
package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"reflect"

	"github.com/alecthomas/kong"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/intellog"
	"github.com/session-intelligence/session-intelligence/shared/core/narrowcli"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
	"github.com/session-intelligence/session-intelligence/shared/core/version"
)

// Env is the outside world of one `si` run: the process's IO, and where
// /si's YES flow hears of a change shown as a diff without being written.
type Env struct {
	proc.IO
	// Previewed, when set, hears of each change a command showed as a
	// diff without writing it (the file's path).
	Previewed func(path string)
	// Docs holds the reference pages `si help` prints (docs/*.md, which
	// the binary embeds); nil in a build without them.
	Docs fs.FS
}

// deps is what subcommands get bound to Run.
type deps struct {
	Env
	Dirs     paths.Dirs
	Config   config.Config
	Problems []config.Problem // what Load found wrong (si show reports them)
}

// CLI is the grammar of `si`.
type CLI struct {
	Usage   UsageCmd   `cmd:"" help:"Token usage and cost per session, from transcript files."`
	Expand  ExpandCmd  `cmd:"" help:"Replay an archived tool response (by tool_use_id), list or prune the archive."`
	Learn   LearnCmd   `cmd:"" help:"Seed the compaction history from existing transcripts, so adaptive zones work on day one."`
	Replay  ReplayCmd  `cmd:"" help:"Replay a recorded transcript: advisories, PRESERVE/DROP bands at each compaction, regret after it."`
	Relay   RelayCmd   `cmd:"" help:"The relay: phase and history (status), the headless driver (run), reset."`
	Ail     AilCmd     `cmd:"" passthrough:"" help:"AILv1 hand-off snapshots: pack, sig, unpack, and an MCP server (mcp)."`
	Status  StatusCmd  `cmd:"" help:"Runtime state: installation, hooks registered and firing, status line, this session's counters, ecosystem."`
	Doctor  DoctorCmd  `cmd:"" help:"Check the installation end to end and say what to fix (exit 1 when something is wrong)."`
	Deploy  DeployCmd  `cmd:"" help:"Fleet deployment: the managed-settings fragment for every user of a machine."`
	Refresh RefreshCmd `cmd:"" passthrough:"" hidden:"" help:"Background refresher started by the status line."`

	Slash     SlashCmd     `cmd:"" hidden:"" help:"Run a /si request for the command file: output and status as text, never a write."`
	Install   InstallCmd   `cmd:"" hidden:"" help:"Install into settings.json without the plugin system (./install.sh --settings)."`
	Uninstall UninstallCmd `cmd:"" hidden:"" help:"Remove what si install and the /si user command added (./uninstall.sh)."`

	Show ShowCmd `cmd:"" help:"Print the effective configuration: every key, its value and where it comes from."`
	Get  GetCmd  `cmd:"" help:"Print the effective value of one dotted key (or a section as JSON)."`

	Set        SetCmd        `cmd:"" help:"Set one dotted key: prints the diff of the config file, writes only with --yes."`
	Reset      ResetCmd      `cmd:"" help:"Restore a key, a section or * (everything) to the defaults: diff, writes only with --yes."`
	Explain    ExplainCmd    `cmd:"" help:"Describe a key (or a section's keys): what it does, type, bounds, default, env override, current value."`
	Config     ConfigCmd     `cmd:"" help:"The show-all settings form; --apply takes the key=value reply, then one diff and one write with --yes."`
	Migrate    MigrateCmd    `cmd:"" help:"Fold the legacy statusline-intel.json into session-intelligence.json: diff, writes only with --yes."`
	Completion CompletionCmd `cmd:"" help:"Print the shell completion script: bash, zsh or fish."`
	Help       HelpCmd       `cmd:"" help:"Print a page of the reference: si help TOPIC; without a topic, the list."`
}

// errSilent marks an error that was already reported to the user.
var errSilent = errors.New("")

// Main runs `si` with args (without the program name) and returns the
// exit code: 0 success, 1 failure, 2 usage error. Everything it prints
// goes through [termtext.Writer]: paths, notes, transcripts and settings
// hold outside text, and si never prints an escape sequence of its own.
func Main(args []string, env Env) int {
	env.Stdout, env.Stderr = termtext.NewWriter(env.Stdout), termtext.NewWriter(env.Stderr)
	if version.Asked(args) {
		return version.Print(env.Stdout, "si")
	}
	if env.Getenv("COMP_LINE") == "" {
		if ctx := narrowcli.Parse(reflect.TypeFor[CLI](), "si", args); ctx != nil {
			return runParsed(ctx, env)
		}
	}
	var cli CLI
	code := -1
	parser, err := kong.New(&cli, kong.Name("si"),
		kong.Description("session-intelligence: context pressure, compaction guidance and usage for Claude Code."),
		kong.Writers(env.Stdout, env.Stderr), kong.Exit(func(c int) { code = c }), kong.UsageOnError())
	if err != nil {
		fmt.Fprintln(env.Stderr, "si:", err)
		return 1
	}
	if completeLine(parser, env); code >= 0 {
		return code
	}
	ctx, err := parser.Parse(args)
	if code >= 0 {
		return code
	}
	if err != nil {
		fmt.Fprintln(env.Stderr, "si:", err)
		return 2
	}
	return runParsed(ctx, env)
}

// runParsed runs the parsed command.
func runParsed(ctx *kong.Context, env Env) int {
	d, err := newDeps(env)
	if err != nil {
		fmt.Fprintln(env.Stderr, "si:", err)
		return 1
	}
	defer hookio.LogHealed(&intellog.Logger{Dir: d.Dirs.Logs, Source: "si", Now: env.Now, Min: intellog.Info})
	if err := ctx.Run(d); err != nil {
		var ee exitError
		if errors.As(err, &ee) {
			return ee.code
		}
		if !errors.Is(err, errSilent) {
			fmt.Fprintln(env.Stderr, "si:", err)
		}
		return 1
	}
	return 0
}

func newDeps(env Env) (*deps, error) {
	dirs, err := paths.Resolve(env.Getenv)
	if err != nil {
		return nil, err
	}
	cfg, probs := config.Load(config.Files{Legacy: dirs.LegacyConfig(), Unified: dirs.Config()}, env.Getenv)
	return &deps{Env: env, Dirs: dirs, Config: cfg, Problems: probs}, nil
}

// OS is the real process's Env.
func OS() Env { return Env{IO: proc.OS()} }
