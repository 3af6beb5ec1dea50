package inspect

import (
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/autocompact"
	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/intel/history"
	"github.com/session-intelligence/session-intelligence/shared/intel/pressure"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
	"github.com/session-intelligence/session-intelligence/shared/intel/zones"
)

// Session is one session's counters as the hooks left them.
type Session struct {
	ID    string
	State session.State
	Found bool
}

// FindSession picks the session to report: the given id, else Claude
// Code's CLAUDE_CODE_SESSION_ID, else the most recently updated session
// whose working directory is cwd or below it.
func FindSession(d paths.Dirs, id, cwd string, getenv func(string) string) Session {
	if id == "" && getenv != nil {
		id = getenv("CLAUDE_CODE_SESSION_ID")
	}
	if id = paths.SessionID(id); id != "" {
		st := session.Dir(d.Session(id)).Load()
		return Session{ID: id, State: st, Found: st.Updated > 0}
	}
	entries, _ := os.ReadDir(d.Sessions())
	var best Session
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		st := session.Dir(d.Session(e.Name())).Load()
		if st.Updated > best.State.Updated && within(st.Cwd, cwd) {
			best = Session{ID: e.Name(), State: st, Found: true}
		}
	}
	return best
}

// within reports whether path is dir or below it.
func within(path, dir string) bool {
	if path == "" || dir == "" {
		return false
	}
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// Compactions summarises the compaction history for a project.
type Compactions struct {
	Total, Project int
	Last           time.Time         // the project's latest compaction (zero when none)
	Zones          zones.Set         // zones in force for the project
	Point          autocompact.Point // where Claude Code compacts by itself
	Err            error
	// The PostCompact checks of this directory's compactions: how many
	// were checked, the user's captured words they held, how many the
	// summaries kept, and how many were given back to the model.
	Checked, Words, Kept, Restored int
}

// ReadCompactions reads the history and the zones in force for cwd, for
// a session whose window the status line recorded as w (zero when none).
func ReadCompactions(d paths.Dirs, cfg config.Config, cwd string, getenv func(string) string, w session.Window) Compactions {
	entries, err := history.Read(history.Path(d.Logs))
	c := Compactions{Total: len(entries), Err: err}
	for _, e := range entries {
		if within(e.Cwd, cwd) || within(cwd, e.Cwd) {
			c.Project++
			if r := e.Retention; r != nil && !r.Unchecked {
				c.Checked, c.Words, c.Kept, c.Restored = c.Checked+1, c.Words+r.Words, c.Kept+r.Verbatim+r.Substance, c.Restored+r.Restored
			}
			if t := time.Unix(e.T, 0); t.After(c.Last) {
				c.Last = t
			}
		}
	}
	var cache pressure.Cache
	res := pressure.Compute(pressure.Inputs{Dirs: d, Zones: cfg.StatuslineFor(cwd).Zones, Getenv: getenv, Cwd: cwd,
		Project: cwd, Window: w.Size, Model: w.Model}, &cache)
	c.Zones, c.Point = res.Learned.Set, res.Point
	return c
}
