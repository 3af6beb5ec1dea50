// Package cli is the `ai` command line: `ai init`, `ai memory …`,
// `ai notes …`, `ai agent …`, `ai view`, `ai page` and the /ai slash
// command's `ai slash`. Each subcommand is a small type with a Run
// method; the outside world (the process's IO, terminal, background
// starts, the summariser) comes in through [Env], so tests run the whole
// grammar in-process. `ai notes sync` runs in the ai-sync binary
// (package ai/notes/full/cli), so that no other ai run links go-git's
// network transports.
package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/alecthomas/kong"
	"golang.org/x/term"

	"github.com/session-intelligence/session-intelligence/shared/ai/memory"
	"github.com/session-intelligence/session-intelligence/shared/ai/settings"
	"github.com/session-intelligence/session-intelligence/shared/core/detach"
	"github.com/session-intelligence/session-intelligence/shared/core/lock"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
	"github.com/session-intelligence/session-intelligence/shared/core/version"
)

// Env is the outside world of one `ai` run: the process's IO (its Cwd
// is where settings are found from), and what only ai needs.
type Env struct {
	proc.IO
	// Terminal is true when stdout is a terminal: views print whole.
	Terminal bool
	// Spawn starts `ai ARGS…` in the background, detached; nil starts
	// nothing.
	Spawn func(args []string) error
	// Summariser replaces the backend named by the settings (tests).
	Summariser memory.Summariser
	// Interactive is true when both stdin and stdout are a terminal: a
	// command may ask (pick an agent, agree to convert a store).
	Interactive bool
	// InputTerminal is true when stdin is a terminal: a command that
	// would read its text from stdin refuses, or says how to end it.
	InputTerminal bool
	// Exec replaces the process with the harness (ai agent resume): argv
	// run in dir; nil cannot start one.
	Exec func(dir string, argv []string) error
	// Docs holds the reference pages `ai help` prints (docs/*.md, which
	// the binary embeds); nil in a build without them.
	Docs fs.FS
}

// deps is what subcommands get bound to Run.
type deps struct {
	Env
	Settings settings.Settings
	Home     string
	// caller names the command in the model-call ledger: "ai memory
	// fold (background)".
	caller string
}

// CLI is the grammar of `ai`.
type CLI struct {
	Init   InitCmd   `cmd:"" help:"Make this directory a project: mint its id into ai.toml, link ai.local.toml to the private settings."`
	Memory MemoryCmd `cmd:"" help:"Permanent memory for agents: one-line notes, older ones folded into summaries."`
	Notes  NotesCmd  `cmd:"" help:"A knowledge store for agents: one claim per note, in a tree of topics, each summarised."`
	Agent  AgentCmd  `cmd:"" help:"Named agents, each with one thread that spans its Claude Code sessions."`
	Resume ResumeCmd `cmd:"" help:"Continue an agent's newest session, else start one from its thread (ai agent resume)."`
	View   ViewCmd   `cmd:"" help:"The whole memory, then this session's thread."`
	Slash  SlashCmd  `cmd:"" hidden:"" help:"What /ai runs inside Claude Code."`
	Page   PageCmd   `cmd:"" help:"Print a part of a saved view: ai page 17:2."`
	Status StatusCmd `cmd:"" help:"The memory, the notes, this project's agents, and the model calls made on your account (how many, by what, what turns them off)."`
	Help   HelpCmd   `cmd:"" help:"Print a page of the reference: ai help TOPIC; without a topic, the list."`
}

// errSilent marks an error already reported to the user.
var errSilent = errors.New("")

// Main runs `ai` with args (without the program name) and returns the
// exit code: 0 success, 1 failure, 2 usage error.
//
// Everything it prints goes through [termtext.Writer]: notes, memory,
// agent names, threads and paths hold outside text, and ai never prints
// an escape sequence of its own.
func Main(args []string, env Env) int {
	env.Stdout, env.Stderr = termtext.NewWriter(env.Stdout), termtext.NewWriter(env.Stderr)
	if version.Asked(args) {
		return version.Print(env.Stdout, "ai")
	}
	if ctx := parseNarrow(args); ctx != nil {
		return runParsed(ctx, env)
	}
	var cli CLI
	code := -1
	parser, err := kong.New(&cli, kong.Name("ai"),
		kong.Description("ai: permanent memory for AI agents."),
		kong.Writers(env.Stdout, env.Stderr), kong.Exit(func(c int) { code = c }), kong.UsageOnError())
	if err != nil {
		fmt.Fprintln(env.Stderr, "ai:", err)
		return 1
	}
	ctx, err := parser.Parse(args)
	if code >= 0 {
		return code
	}
	if err != nil {
		fmt.Fprintln(env.Stderr, "ai:", err)
		return 2
	}
	return runParsed(ctx, env)
}

// runParsed runs the parsed command.
func runParsed(ctx *kong.Context, env Env) int {
	d, err := newDeps(env)
	if err != nil {
		fmt.Fprintln(env.Stderr, "ai:", err)
		return 1
	}
	lock.ReportWaits(func(w lock.Wait) { fmt.Fprintln(env.Stderr, "ai:", w.Message(settings.Pretty(w.Path, d.Home))) })
	defer lock.ReportWaits(nil)
	d.caller = callerOf(ctx)
	if err := ctx.Run(d); err != nil {
		if !errors.Is(err, errSilent) {
			fmt.Fprintln(env.Stderr, "ai:", err)
		}
		return 1
	}
	return 0
}

// callerOf names the parsed command as the ledger shows it: its words
// without placeholders, and whether it runs in the background.
func callerOf(ctx *kong.Context) string {
	var words []string
	for _, w := range strings.Fields(ctx.Command()) {
		if !strings.HasPrefix(w, "<") {
			words = append(words, w)
		}
	}
	name := "ai " + strings.Join(words, " ")
	if slices.Contains(ctx.Args, "--background") {
		name += " (background)"
	}
	return name
}

func newDeps(env Env) (*deps, error) {
	home := paths.Home(env.Getenv)
	if home == "" {
		return nil, errors.New("HOME is not set")
	}
	s, err := settings.Load(home, env.Cwd)
	if err != nil {
		return nil, err
	}
	return &deps{Env: env, Settings: s, Home: home}, nil
}

// OS is the real process's Env.
func OS() Env {
	env := Env{IO: proc.OS()}
	env.Terminal = term.IsTerminal(int(os.Stdout.Fd()))
	env.InputTerminal = term.IsTerminal(int(os.Stdin.Fd()))
	env.Interactive = env.Terminal && env.InputTerminal
	env.Exec = execHarness
	if exe, err := os.Executable(); err == nil {
		env.Spawn = func(args []string) error { return detach.Start(exe, args, nil) }
	}
	return env
}

// abs resolves a path from the environment against the working directory.
func (d *deps) abs(p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(d.Cwd, p)
}
