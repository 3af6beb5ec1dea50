package cli

import (
	"fmt"
	"os"
	"strings"

	"github.com/alecthomas/kong"
	"github.com/posener/complete"
	"github.com/willabides/kongplete"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/si/configedit"
)

// CompletionCmd is `si completion bash|zsh|fish`.
type CompletionCmd struct {
	Shell string `arg:"" enum:"bash,zsh,fish" help:"bash, zsh or fish."`
}

// The shells call si itself with COMP_LINE set (the protocol of
// posener/complete, which kongplete drives); the scripts only hook that
// up. %[1]s is the quoted binary.
var completionScripts = map[string]string{
	"bash": "# si completion for bash. Load it with: source <(si completion bash)\ncomplete -C %[1]s si\n",
	"zsh":  "# si completion for zsh. Load it with: source <(si completion zsh)\nautoload -U +X bashcompinit && bashcompinit\ncomplete -C %[1]s si\n",
	"fish": "# si completion for fish. Load it with: si completion fish | source\n" +
		"function __si_complete\n" +
		"    set -lx COMP_LINE (commandline -cp)\n" +
		"    # an empty current token means the cursor is after a space\n" +
		"    if test -z (commandline -ct)\n" +
		"        set COMP_LINE \"$COMP_LINE \"\n" +
		"    end\n" +
		"    %[1]s\n" +
		"end\n" +
		"complete -c si -f -a '(__si_complete)'\n",
}

// Run prints the script for the shell.
func (c *CompletionCmd) Run(d *deps) error {
	bin, err := os.Executable()
	if err != nil {
		return fmt.Errorf("completion: find the si binary: %w", err)
	}
	fmt.Fprintf(d.Stdout, completionScripts[c.Shell], quoteForShell(bin))
	return nil
}

// quoteForShell single-quotes s for bash, zsh and fish.
func quoteForShell(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// completeLine answers a shell's completion request (COMP_LINE set) and
// reports whether it did; the exit code goes through the parser's Exit.
func completeLine(parser *kong.Kong, env Env) {
	if env.Getenv("COMP_LINE") == "" {
		return
	}
	keys := make([]string, 0, len(config.Keys))
	for _, k := range config.Keys {
		keys = append(keys, k.Path)
	}
	sections := append(configedit.Sections(), keys...)
	kongplete.Complete(parser,
		kongplete.WithPredictor("key", complete.PredictSet(keys...)),
		kongplete.WithPredictor("section", complete.PredictSet(sections...)))
}
