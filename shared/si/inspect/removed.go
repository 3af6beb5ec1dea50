package inspect

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/wiring"
	"github.com/session-intelligence/session-intelligence/shared/intel/bootstrap"
	"github.com/session-intelligence/session-intelligence/shared/si/onpath"
)

// removedChecks are doctor's lines once Claude Code removed the plugin
// (f.Removed): that it is gone, what it left behind and that si
// uninstall takes that out. The checks of a working install (hooks,
// /si, the status line) would only repeat "reinstall" for what the user
// removed on purpose.
func (f Facts) removedChecks(o Options) []Check {
	plugin := Check{Name: "plugin", Verdict: Fail,
		Detail: f.Removed + " is no longer installed in Claude Code (claude plugin uninstall, or /plugin): no hook runs, the status line shows only yours",
		Fix:    "to use it again: claude plugin install " + f.Removed + " (or ./install.sh from the checkout)"}
	left := Check{Name: "left behind"}
	var items []string
	if n := len(bootstrap.Blocks(o.Dirs)); n > 0 {
		items = append(items, fmt.Sprintf("the rules block in %d CLAUDE.md %s", n, plural(n, "file", "files")))
	}
	if placed := onpath.Placed(o.Dirs); len(placed) > 0 {
		items = append(items, "si and ai on your PATH ("+strings.Join(placed, ", ")+")")
	}
	if _, err := os.Stat(wiring.StableDir(o.Dirs)); err == nil {
		items = append(items, "the stable copies in "+wiring.StableDir(o.Dirs))
	}
	for _, name := range []string{"si", "ai"} {
		if f.Commands[name] {
			items = append(items, "/"+name+" ("+filepath.Join(o.Dirs.Claude, "commands", name+".md")+")")
		}
	}
	if len(items) == 0 {
		left.Detail = "nothing but your configuration and notes (si uninstall lists them)"
		return []Check{plugin, left}
	}
	left.Verdict, left.Detail = Warn, strings.Join(items, "; ")
	left.Fix = "si uninstall takes these out and lists what it keeps (your configuration, memory and notes)"
	return []Check{plugin, left}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
