package installer

import (
	"fmt"
	"io"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/usercmd"
	"github.com/session-intelligence/session-intelligence/shared/si/configedit"
)

// DryRun prints what Apply would do: each file to write and the unified
// diff of settings.json.
func (p *Plan) DryRun(w io.Writer) {
	if !p.Changes() {
		fmt.Fprintf(w, "Dry run: session-intelligence is installed in %s as planned; nothing would change.\n", p.opts.Dirs.Claude)
		return
	}
	fmt.Fprintf(w, "Dry run: nothing is written. Installing into %s would:\n", p.opts.Dirs.Claude)
	for _, b := range p.Binaries {
		if b.Action != "same" {
			fmt.Fprintf(w, "  %s %s (from %s)\n", verb(b.Action), b.Dst, b.Src)
		}
	}
	for _, c := range p.Commands {
		switch c.Action {
		case usercmd.Created, usercmd.Updated:
			fmt.Fprintf(w, "  %s %s (plain /%s)\n", verb(string(c.Action)), c.Path, c.Name)
		case usercmd.NotOurs:
			fmt.Fprintf(w, "  leave %s alone: it is not ours, so plain /%s stays yours (/%s:%s is not available without the plugin)\n", c.Path, c.Name, PluginName, c.Name)
		}
	}
	p.OnPath.Print(w, p.opts.Dirs.Home, true)
	if !exists(manifestPath(p.opts.Dirs)) {
		fmt.Fprintf(w, "  write %s (what uninstall.sh takes back out)\n", manifestPath(p.opts.Dirs))
	}
	if diff := configedit.Diff(p.opts.Settings(), p.Old, p.New); diff != "" {
		fmt.Fprintf(w, "  change %s:\n\n%s", p.opts.Settings(), diff)
	}
}

// Summary prints what Apply did.
func (p *Plan) Summary(w io.Writer, backup string) {
	var bins []string
	for _, b := range p.Binaries {
		if b.Action != "same" {
			bins = append(bins, b.Name)
		}
	}
	if len(bins) > 0 {
		fmt.Fprintf(w, "  binaries: %s into %s\n", strings.Join(bins, ", "), p.opts.BinDir())
	}
	if string(p.Old) != string(p.New) {
		fmt.Fprintf(w, "  settings: %s now registers the hooks (%s)", p.opts.Settings(), strings.Join(p.events(), ", "))
		if p.opts.WireStatusBar {
			fmt.Fprint(w, " and runs the status line before yours")
		}
		if backup != "" {
			fmt.Fprintf(w, "; backup %s", backup)
		}
		fmt.Fprintln(w)
	}
	for _, c := range p.Commands {
		switch c.Action {
		case usercmd.Created, usercmd.Updated:
			fmt.Fprintf(w, "  command: %s %s (plain /%s)\n", c.Path, c.Action, c.Name)
		case usercmd.NotOurs:
			fmt.Fprintf(w, "  command: %s %s\n", c.Path, c.Action)
		}
	}
	p.OnPath.Print(w, p.opts.Dirs.Home, false)
}

func (p *Plan) events() []string {
	out := make([]string, len(p.Hooks))
	for i, h := range p.Hooks {
		out[i] = h.Event
	}
	return out
}

func verb(action string) string {
	switch action {
	case "new", string(usercmd.Created):
		return "create"
	case "update", string(usercmd.Updated):
		return "update"
	}
	return action
}
