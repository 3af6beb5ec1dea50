package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/cc/pricing"
	"github.com/session-intelligence/session-intelligence/shared/cc/sessioncost"
	"github.com/session-intelligence/session-intelligence/shared/cc/transcript"
	"github.com/session-intelligence/session-intelligence/shared/cc/wiring"
	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
	"github.com/session-intelligence/session-intelligence/shared/intel/capture"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
	"github.com/session-intelligence/session-intelligence/shared/intel/zones"
	"github.com/session-intelligence/session-intelligence/shared/si/inspect"
)

// StatusCmd is `si status [--session ID]`.
type StatusCmd struct {
	Session string `placeholder:"ID" help:"Session to report (default: this Claude Code session, else the latest in this directory)."`
}

// inspectOptions builds the read-only inspection of this machine.
func (d *deps) inspectOptions() inspect.Options {
	return inspect.Options{Dirs: d.Dirs, Cwd: d.Cwd, Getenv: d.Getenv, LookPath: d.Look, Now: d.Now, Self: self()}
}

// Run prints the runtime state, section by section.
func (c *StatusCmd) Run(d *deps) error {
	o := d.inspectOptions()
	f := inspect.Gather(o)
	w := d.Stdout
	fmt.Fprintln(w, "session-intelligence status")
	section(w, "Installation")
	for _, ch := range []inspect.Check{inspect.Doctor(f, o)[0], inspect.Doctor(f, o)[2]} {
		row(w, ch.Name, ch.Detail)
	}
	section(w, "Hooks")
	c.hooks(w, d, f)
	section(w, "Status line")
	row(w, "wiring", statuslineLine(f))
	c.session(w, d)
	section(w, "Ecosystem")
	tools := inspect.Ecosystem(o, inspect.ProjectRoot(d.Cwd, d.Dirs.Home))
	if len(tools) == 0 {
		row(w, "", "no per-call token reducers detected (read from MCP config files and env markers only)")
	}
	for _, t := range tools {
		row(w, t.Name, fmt.Sprintf("%s, found in %s", t.Kind, inspect.Short(t.Where, d.Dirs.Home)))
	}
	return nil
}

func (c *StatusCmd) hooks(w io.Writer, d *deps, f inspect.Facts) {
	events := append(append([]hookio.Event{}, inspect.Core...), hookio.UserPromptSubmit, hookio.Stop)
	for _, e := range events {
		h, reg := f.Hooks[e]
		fired, ran := f.Fired[e]
		if !reg && !ran {
			continue
		}
		where := "not registered"
		if reg {
			where = "registered by " + inspect.Short(h.From, d.Dirs.Home)
		}
		last := "never fired"
		if ran {
			last = "last fired " + ago(d.Now(), fired.At) + " ago"
			if fired.SID != "" {
				last += " (session " + shortID(fired.SID) + ")"
			}
		}
		row(w, string(e), where+"; "+last)
	}
	if f.HooksOff() {
		row(w, "", "disableAllHooks is true in "+f.NoHooks.From+": no hook runs")
	}
}

func statuslineLine(f inspect.Facts) string {
	if !wiring.Runs(f.StatusLn, f.Wiring.Binary) {
		if f.StatusLn == "" {
			return "not wired; no statusLine set"
		}
		return "not wired; statusLine runs " + f.StatusLn
	}
	s := "wired, runs " + f.Wiring.Binary
	if f.Wiring.Previous != "" {
		s += ", chained after your previous: " + f.Wiring.Previous
	}
	return s
}

func (c *StatusCmd) session(w io.Writer, d *deps) {
	s := inspect.FindSession(d.Dirs, c.Session, d.Cwd, d.Getenv)
	if !s.Found {
		section(w, "Session")
		row(w, "", "no session recorded for this directory yet")
	} else {
		st := s.State
		section(w, "Session "+shortID(s.ID))
		row(w, "tool calls", fmt.Sprintf("%d (updated %s ago)", st.Calls, ago(d.Now(), time.Unix(st.Updated, 0))))
		row(w, "context", fmt.Sprintf("%s tokens (%s), zone %s", humanize.Tokens(st.Tokens), orDash(st.TokenSource), zoneName(st.Zone)))
		row(w, "cost", sessionCostText(d, s.ID, st.Cwd))
		row(w, "advisories", fmt.Sprint(st.Advisories))
		row(w, "shape log", fmt.Sprintf("%d entries", st.ShapeLines))
		row(w, "archived", fmt.Sprintf("%d tool responses (si expand --list)", st.Archived))
		row(w, "captured", capturedText(capture.Load(session.Dir(d.Dirs.Session(s.ID)).CaptureFile())))
	}
	var win session.Window
	if s.Found {
		win = session.Dir(d.Dirs.Session(s.ID)).LoadWindow()
	}
	comp := inspect.ReadCompactions(d.Dirs, d.Config, d.Cwd, d.Getenv, win)
	section(w, "Compaction")
	hist := fmt.Sprintf("%d compactions recorded, %d in this directory", comp.Total, comp.Project)
	if !comp.Last.IsZero() {
		hist += ", last " + ago(d.Now(), comp.Last) + " ago"
	}
	row(w, "history", hist)
	if comp.Checked > 0 {
		row(w, "your words", fmt.Sprintf("the summaries kept %d of %d rules, corrections and decisions over %d checked compactions; %d given back",
			comp.Kept, comp.Words, comp.Checked, comp.Restored))
	}
	row(w, "auto-compaction", zones.PointText(comp.Point))
	row(w, "zones", comp.Zones.Why(comp.Point))
}

// sessionCostText is the session's cost, subagents included, priced
// the way the status line and the advisories price it.
func sessionCostText(d *deps, id, cwd string) string {
	path := filepath.Join(d.Dirs.ProjectDir(cwd), id+".jsonl")
	if _, err := os.Stat(path); err != nil {
		matches, _ := filepath.Glob(filepath.Join(d.Dirs.Projects(), "*", id+".jsonl"))
		if len(matches) == 0 {
			return "- (no transcript found)"
		}
		path = matches[0]
	}
	stats, err := transcript.Scan(path, d.Dirs.Cache())
	if err != nil {
		return "- (" + err.Error() + ")"
	}
	fig := sessioncost.Session(stats, path, d.Dirs.Cache(), pricing.Default().WithOverrides(d.Config.Statusline.Prices))
	text := fig.String() + " (main transcript and subagents, list prices)"
	if fig.Estimated() {
		text += "; ~ estimated: no list price for " + strings.Join(fig.Unpriced, ", ")
	}
	return text
}

// capturedText counts the session's captured words by kind.
func capturedText(st capture.Store) string {
	n := map[capture.Kind]int{}
	for _, it := range st.Items {
		n[it.Kind]++
	}
	return fmt.Sprintf("%d rules, %d corrections, %d decisions of yours, kept for the next compaction", n[capture.Rule], n[capture.Correction], n[capture.Decision])
}

// zoneName names a recorded zone; none recorded yet is green.
func zoneName(z string) string {
	if z == "" {
		return "green"
	}
	return z
}

func section(w io.Writer, title string) { fmt.Fprintf(w, "\n%s\n", title) }

func row(w io.Writer, name, value string) {
	if name == "" {
		fmt.Fprintf(w, "  %s\n", value)
		return
	}
	fmt.Fprintf(w, "  %-18s %s\n", name, value)
}

func shortID(id string) string {
	if len(id) > 8 {
		return id[:8]
	}
	return id
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// ago is the time since t, never negative.
func ago(now, t time.Time) string { return humanize.Duration(max(0, now.Sub(t))) }

// self is the running binary's path, "" when unknown.
func self() string {
	p, _ := os.Executable()
	return p
}
