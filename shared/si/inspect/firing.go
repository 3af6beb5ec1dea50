package inspect

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// firingSlack is how long after a session's start its SessionStart hook
// may be recorded: the hook runs while the session starts, so anything
// later means it did not run.
const firingSlack = 2 * time.Minute

// checkFiring tells "registered" from "registered and actually firing".
// It looks at the newest session: hooks fire if one recorded that very
// session, or if SessionStart ran no earlier than the session began. A
// session that began well after the last SessionStart record means
// Claude Code is not running the hooks. (A long session's transcript
// keeps changing long after its SessionStart; only its start counts.)
func (f Facts) checkFiring(o Options) Check {
	c := Check{Name: "hooks firing"}
	if len(f.Fired) == 0 {
		c.Verdict, c.Detail = Warn, "no hook has run yet"
		c.Fix = "start a Claude Code session, then run si doctor again"
		return c
	}
	if sid, began, ok := newestSession(filepath.Join(o.Dirs.Claude, "projects")); ok && !f.firedFor(sid) {
		last := f.Fired[hookio.SessionStart].At
		if !began.IsZero() && began.After(last.Add(firingSlack)) {
			c.Verdict = Fail
			c.Detail = fmt.Sprintf("session %s began at %s but SessionStart last fired %s", sid, began.Format(time.DateTime), lastText(last))
			c.Fix = "check the plugin is enabled for that project and that no managed setting (allowManagedHooksOnly) blocks it"
			return c
		}
	}
	var parts []string
	for _, e := range hookio.Events {
		if r, ok := f.Fired[e]; ok {
			parts = append(parts, fmt.Sprintf("%s %s ago", e, humanize.Duration(max(0, o.Now().Sub(r.At)))))
		}
	}
	sort.Strings(parts)
	c.Detail = strings.Join(parts, ", ")
	return c
}

// firedFor reports whether any hook's latest run was for session sid.
func (f Facts) firedFor(sid string) bool {
	for _, r := range f.Fired {
		if r.SID == sid {
			return true
		}
	}
	return false
}

func lastText(t time.Time) string {
	if t.IsZero() {
		return "never"
	}
	return t.Format(time.DateTime)
}

// newestSession finds the most recently written top-level transcript and
// returns its session id and when it began (the first timestamp in it;
// zero when none can be read).
func newestSession(projects string) (sid string, began time.Time, ok bool) {
	var newest time.Time
	var path string
	dirs, _ := os.ReadDir(projects)
	for _, d := range dirs {
		files, _ := os.ReadDir(filepath.Join(projects, d.Name()))
		for _, fe := range files {
			if fe.IsDir() || !strings.HasSuffix(fe.Name(), ".jsonl") {
				continue
			}
			if info, err := fe.Info(); err == nil && info.ModTime().After(newest) {
				newest, path = info.ModTime(), filepath.Join(projects, d.Name(), fe.Name())
			}
		}
	}
	if path == "" {
		return "", time.Time{}, false
	}
	return strings.TrimSuffix(filepath.Base(path), ".jsonl"), transcriptStart(path), true
}

// startScan caps how much of a transcript is read to find its first
// timestamp: the first lines are small metadata and the first prompt.
const startScan = 256 << 10

// transcriptStart is the first "timestamp" of the transcript at path.
func transcriptStart(path string) time.Time {
	f, _, err := fsutil.OpenRegular(path)
	if err != nil {
		return time.Time{}
	}
	defer f.Close()
	sc := bufio.NewScanner(io.LimitReader(f, startScan))
	sc.Buffer(make([]byte, 0, 64<<10), startScan)
	for sc.Scan() {
		var line struct {
			Timestamp string `json:"timestamp"`
		}
		if jsonx.Unmarshal(sc.Bytes(), &line) != nil || line.Timestamp == "" {
			continue
		}
		if t, err := time.Parse(time.RFC3339Nano, line.Timestamp); err == nil {
			return t
		}
	}
	return time.Time{}
}
