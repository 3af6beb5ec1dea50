package cli

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/transcript"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/relay"
)

// RelayCmd is `si relay`: the relay's phase and history, the headless
// driver, and a reset. (The module's decisions come from si-relay, a
// binary small enough to answer within a few milliseconds.)
type RelayCmd struct {
	Status RelayStatusCmd `cmd:"" default:"withargs" help:"Show the relay's phase, conversations and history for this project."`
	Run    RelayRunCmd    `cmd:"" help:"Drive claude -p turns and relay between them: si relay run [--then PROMPT]... -- -p PROMPT [claude args]."`
	Reset  RelayResetCmd  `cmd:"" help:"Call off a relay under way (back to armed)."`
}

// relayDeps is the decision environment of the CLI.
func relayDeps(d *deps) relay.Deps {
	return relay.Deps{Store: relay.NewStore(d.Dirs.State), Set: relay.FromConfig(d.Config.Relay), Getenv: d.Getenv, Now: d.Now, Alive: relay.Alive}
}

// project is the project directory a relay command is about.
func project(d *deps, flag string) (string, error) {
	dir := flag
	if dir == "" {
		dir = d.Cwd
	}
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return "", fmt.Errorf("relay: %w", err)
		}
		dir = wd
	}
	return filepath.Abs(dir)
}

// RelayStatusCmd is `si relay status [--json] [--project DIR]`.
type RelayStatusCmd struct {
	JSON    bool   `help:"Print the status as JSON."`
	Project string `placeholder:"DIR" help:"Project directory (default: the current one)."`
}

// Run prints the status.
func (c *RelayStatusCmd) Run(d *deps) error {
	root, err := project(d, c.Project)
	if err != nil {
		return err
	}
	rd := relayDeps(d)
	st, err := rd.Store.Load(root)
	if err != nil {
		return err
	}
	s := relay.NewStatus(rd.Set, root, st)
	if c.JSON {
		enc := jsonx.NewEncoder(d.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(s)
	}
	s.Write(d.Stdout, d.Now())
	return nil
}

// RelayResetCmd is `si relay reset [--yes] [--project DIR]`.
type RelayResetCmd struct {
	Yes     bool   `short:"y" help:"Call the relay off; without it only what would change is printed."`
	Project string `placeholder:"DIR" help:"Project directory (default: the current one)."`
}

// Run returns the project's relay to armed.
func (c *RelayResetCmd) Run(d *deps) error {
	root, err := project(d, c.Project)
	if err != nil {
		return err
	}
	rd := relayDeps(d)
	st, err := rd.Store.Load(root)
	if err != nil {
		return err
	}
	if !c.Yes {
		fmt.Fprintf(d.Stdout, "relay for %s: %s → armed (not written; run again with --yes)\n", root, st.Phase)
		return nil
	}
	var was relay.Phase
	err = rd.Store.Update(root, d.Now(), func(st *relay.State) { was = relay.Reset(st, d.Now()) })
	if err != nil {
		return err
	}
	fmt.Fprintf(d.Stdout, "relay for %s: %s → armed\n", root, was)
	return nil
}

// RelayRunCmd is `si relay run [flags] -- <claude args with -p PROMPT>`.
type RelayRunCmd struct {
	Claude  string   `default:"claude" help:"The claude binary."`
	Then    []string `placeholder:"PROMPT" help:"A further prompt, one turn each, in order (repeatable)."`
	Prompts string   `placeholder:"FILE" help:"A file of further prompts, one per line, after the --then ones."`
	Until   string   `placeholder:"TEXT" help:"Stop once a turn's result contains TEXT."`
	Args    []string `arg:"" passthrough:"" help:"claude's arguments, with -p PROMPT."`
}

// maxPromptsFile caps the --prompts file.
const maxPromptsFile = 4 << 20

// Run drives the pipeline.
func (c *RelayRunCmd) Run(d *deps) error {
	root, err := project(d, "")
	if err != nil {
		return err
	}
	then, err := c.prompts()
	if err != nil {
		return err
	}
	args := c.Args
	if len(args) > 0 && args[0] == "--" {
		args = args[1:] // kong keeps the separator in a passthrough argument
	}
	window := strconv.Itoa(os.Getpid())
	env := append(os.Environ(), relay.EnvDriver+"="+string(relay.Headless), relay.EnvWindow+"="+window)
	p := &relay.Pipeline{Deps: relayDeps(d), Root: root, Window: window, Args: args, Then: then, Until: c.Until,
		Out: d.Stdout, Notices: d.Stderr,
		Run: func(args []string) (relay.TurnResult, error) { return runClaude(d, c.Claude, root, env, args) },
		Tokens: func(sid string) int64 {
			stats, err := transcript.Scan(filepath.Join(d.Dirs.ProjectDir(root), sid+".jsonl"), d.Dirs.Cache())
			if err != nil {
				return 0
			}
			n, _ := stats.ContextTokens()
			return n
		}}
	return p.Drive()
}

// prompts returns the --then prompts followed by the --prompts file's lines.
func (c *RelayRunCmd) prompts() ([]string, error) {
	out := append([]string(nil), c.Then...)
	if c.Prompts == "" {
		return out, nil
	}
	data, err := fsutil.ReadCapped(c.Prompts, maxPromptsFile)
	if err != nil {
		return nil, fmt.Errorf("relay run: --prompts: %w", err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			out = append(out, line)
		}
	}
	return out, nil
}

// runClaude runs one `claude -p` turn in root and decodes its JSON report.
func runClaude(d *deps, bin, root string, env, args []string) (relay.TurnResult, error) {
	cmd := exec.Command(bin, args...)
	cmd.Dir, cmd.Env, cmd.Stderr = root, env, d.Stderr
	var out bytes.Buffer
	cmd.Stdout = &out
	runErr := cmd.Run()
	var res relay.TurnResult
	if err := jsonx.Unmarshal(bytes.TrimSpace(out.Bytes()), &res); err != nil {
		return res, errors.Join(runErr, fmt.Errorf("decode %s output: %w", bin, err))
	}
	return res, runErr
}
