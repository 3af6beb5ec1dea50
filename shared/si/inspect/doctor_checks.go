package inspect

import (
	"fmt"
	"os"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/wiring"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
)

func (f Facts) checkConfig() Check {
	c := Check{Name: "config", Detail: "configuration loads cleanly"}
	if len(f.Config) > 0 {
		msgs := make([]string, len(f.Config))
		for i, p := range f.Config {
			msgs[i] = p.Error()
		}
		c.Verdict, c.Detail = Fail, strings.Join(msgs, "; ")
		c.Fix = "fix those keys (si explain KEY says what each accepts); until then their defaults apply"
	}
	return c
}

// checkUsageEndpoint: the quota refresher sends Claude's OAuth token
// only to Anthropic; any other endpoint is refused and named here.
func (f Facts) checkUsageEndpoint() Check {
	c := Check{Name: "quota endpoint", Detail: termtext.Line(f.Usage.URL)}
	if f.Usage.Refused != nil {
		c.Verdict, c.Detail = Fail, f.Usage.Refused.Error()+"; set by "+f.Usage.From+"; the quota fields stay empty"
		c.Fix = "remove statusline.usageEndpoint from " + f.Usage.From
		if strings.HasPrefix(f.Usage.From, "the environment") {
			c.Fix = "unset SI_USAGE_ENDPOINT (a settings.json \"env\" block, a repository's included, can set it)"
		}
	}
	return c
}

func (f Facts) checkStatusline() Check {
	c := Check{Name: "status line"}
	w := f.Wiring
	switch {
	case w.Binary == "":
		c.Verdict, c.Detail = Warn, "not wired (statusLine in settings.json is not ours)"
		c.Fix = "start a session with statusline.autoWire on (the default), or point statusLine at si-statusline"
	case !wiring.Runs(f.StatusLn, w.Binary):
		c.Verdict, c.Detail = Warn, "wired once, but settings.json statusLine now runs something else: "+orNone(f.StatusLn)
		c.Fix = "leave it if you changed it on purpose; otherwise start a session to rewire"
	case !executable(w.Binary):
		c.Verdict, c.Detail = Fail, "statusLine runs "+w.Binary+", which is missing or not executable"
		c.Fix = "start a session (the binary is copied again) or reinstall"
	default:
		c.Detail = "runs " + w.Binary
		if w.Previous != "" {
			c.Detail += ", then your previous: " + w.Previous
		}
	}
	return c
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

func (f Facts) checkCommand() Check {
	c := Check{Name: "/si command"}
	if f.Commands["si"] {
		c.Detail = "plain /si is available (user-level command file)"
	} else {
		c.Verdict, c.Detail = Warn, "only the namespaced /session-intelligence:si is available"
		c.Fix = "start a session (SessionStart installs ~/.claude/commands/si.md) or rerun ./install.sh"
	}
	return c
}

// checkState: the private state directory must stay private.
func (f Facts) checkState(o Options) Check {
	c := Check{Name: "state directory", Detail: o.Dirs.State + " is private (0700)"}
	st, err := os.Stat(o.Dirs.State)
	switch {
	case os.IsNotExist(err):
		c.Detail = o.Dirs.State + " does not exist yet (created by the first hook)"
	case err != nil:
		c.Verdict, c.Detail = Fail, err.Error()
	case fsutil.PermBits && st.Mode().Perm()&0o077 != 0: // Windows: see PermBits
		c.Verdict, c.Detail = Fail, fmt.Sprintf("%s is %04o: other users can read archived tool output", o.Dirs.State, st.Mode().Perm())
		c.Fix = "chmod 700 " + o.Dirs.State
	}
	return c
}

// maxDoctorWalk bounds the search for damaged files.
const maxDoctorWalk = 100_000

// showDamaged is how many moved-aside copies the check names.
const showDamaged = 5

// checkDamaged names the state files the plugin found damaged (garbage,
// over their cap, a directory, FIFO, device link or loop where a file
// belongs) and moved aside; each was started afresh, so nothing is
// broken, but what was in them is the user's to look at.
func (f Facts) checkDamaged(o Options) Check {
	c := Check{Name: "damaged state", Detail: "no state file was found damaged"}
	if len(f.Damaged) == 0 {
		return c
	}
	names := make([]string, 0, showDamaged)
	for _, p := range f.Damaged[:min(len(f.Damaged), showDamaged)] {
		names = append(names, Short(p, o.Dirs.Home))
	}
	more := ""
	if n := len(f.Damaged) - showDamaged; n > 0 {
		more = fmt.Sprintf(" and %d more", n)
	}
	c.Verdict = Warn
	c.Detail = fmt.Sprintf("%d damaged state files were moved aside and started afresh: %s%s", len(f.Damaged), strings.Join(names, ", "), more)
	c.Fix = "nothing is broken; look inside if you wish (the debug log says what was wrong with each), then delete them: rm -r PATH"
	return c
}

func (f Facts) checkClaude() Check {
	c := Check{Name: "claude CLI"}
	if f.Claude == "" {
		c.Verdict, c.Detail = Warn, "claude is not on PATH (install.sh and the task-change tie-breaker need it)"
		c.Fix = "add Claude Code's bin directory to PATH"
	} else {
		c.Detail = f.Claude
	}
	return c
}

// Failed reports whether any check failed.
func Failed(checks []Check) bool {
	for _, c := range checks {
		if c.Verdict == Fail {
			return true
		}
	}
	return false
}
