package inspect

import (
	"fmt"
	"os"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// Verdict grades one check.
type Verdict int

// Verdicts, from fine to broken.
const (
	OK Verdict = iota
	Warn
	Fail
)

// Check is one line of `si doctor`.
type Check struct {
	Name    string
	Verdict Verdict
	Detail  string
	Fix     string // what to do; empty when nothing
}

// Core are the events session-intelligence needs to work.
var Core = []hookio.Event{hookio.SessionStart, hookio.PreCompact, hookio.PostToolUse}

// Doctor runs every check against gathered facts.
func Doctor(f Facts, o Options) []Check {
	if f.Removed != "" {
		return append(f.removedChecks(o), f.checkConfig())
	}
	checks := []Check{f.checkPlugin(), f.checkDisabledHooks(), f.checkManaged(), f.checkSettings()}
	checks = append(checks, f.checkHooks()...)
	checks = append(checks, f.checkFiring(o), f.checkConfig(), f.checkUsageEndpoint(), f.checkStatusline(), f.checkCommand(), f.checkState(o), f.checkDamaged(o), f.checkClaude(), f.checkCalls())
	return checks
}

func (f Facts) checkPlugin() Check {
	c := Check{Name: "plugin"}
	bash := false
	for _, h := range f.Hooks {
		bash = bash || !strings.Contains(h.From, "@")
	}
	switch {
	case f.Install.Err != nil:
		c.Verdict, c.Detail = Fail, "cannot read Claude Code's plugin registry: "+f.Install.Err.Error()
	case f.Install.ID != "" && f.Enabled.Value == false:
		c.Verdict, c.Detail = Fail, fmt.Sprintf("%s is installed but disabled in %s", f.PluginID, f.Enabled.From)
		c.Fix = fmt.Sprintf("set \"enabledPlugins\": {\"%s\": true} there, or run /plugin enable %s", f.PluginID, f.PluginID)
	case f.Install.ID != "" && !f.EnabledTrue():
		c.Verdict, c.Detail = Fail, fmt.Sprintf("%s is installed but enabled in no settings file", f.Install.ID)
		c.Fix = "run: claude plugin enable " + f.Install.ID
	case f.Install.ID != "":
		c.Detail = fmt.Sprintf("%s %s (%s scope), loads from %s", f.Install.ID, f.Install.Version, f.Install.Scope, f.Install.Root)
	case bash:
		c.Detail = "hooks registered in settings.json by install.sh (no plugin)"
	default:
		c.Verdict, c.Detail = Fail, "not installed: no plugin and no hooks in settings.json"
		c.Fix = "run ./install.sh from the checkout or a release folder"
	}
	return c
}

func (f Facts) checkDisabledHooks() Check {
	c := Check{Name: "hooks allowed"}
	if f.HooksOff() {
		c.Verdict, c.Detail = Fail, "disableAllHooks is true in "+f.NoHooks.From
		c.Fix = "remove disableAllHooks from that file"
	} else {
		c.Detail = "disableAllHooks is not set"
	}
	return c
}

// checkManaged: with managed settings present, Claude Code hands some
// events only to plugins that managed settings install.
func (f Facts) checkManaged() Check {
	c := Check{Name: "managed settings"}
	switch {
	case f.Managed.Ours != "":
		c.Detail = "installed for every user by " + f.Managed.Ours
	case f.Managed.Any:
		c.Verdict = Warn
		c.Detail = "this machine has managed settings (" + f.Managed.Dir + "); Claude Code then withholds session start, turn end and compaction events from plugins that managed settings do not install"
		c.Fix = "as root: si deploy managed --prefix <absolute install prefix> --yes"
	default:
		c.Detail = "none on this machine"
	}
	return c
}

func (f Facts) checkSettings() Check {
	c := Check{Name: "settings files", Detail: "every settings file parses"}
	var bad []string
	for _, lv := range f.Levels {
		if lv.Err != nil {
			bad = append(bad, lv.Err.Error())
		}
	}
	if len(bad) > 0 {
		c.Verdict, c.Detail = Fail, strings.Join(bad, "; ")
		c.Fix = "fix the file at the line shown; Claude Code ignores a settings file it cannot parse"
	}
	return c
}

func (f Facts) checkHooks() []Check {
	var out []Check
	for _, e := range Core {
		c := Check{Name: "hook " + string(e)}
		h, ok := f.Hooks[e]
		switch {
		case !ok:
			c.Verdict, c.Detail = Fail, "not registered"
			c.Fix = "reinstall (./install.sh) so the plugin's hooks.json or settings.json registers it"
		case h.Binary != "" && !executable(h.Binary):
			c.Verdict, c.Detail = Fail, fmt.Sprintf("registered by %s, but %s is missing or not executable", h.From, h.Binary)
			c.Fix = "rebuild: ./scripts/build.sh, or reinstall"
		default:
			c.Detail = "registered by " + h.From
		}
		out = append(out, c)
	}
	return out
}

func executable(path string) bool {
	st, err := os.Stat(path)
	return err == nil && proc.Executable(st)
}
