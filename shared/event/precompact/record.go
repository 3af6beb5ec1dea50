package precompact

import (
	"context"
	"os/exec"
	"runtime"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/autocompact"
	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/cc/pricing"
	"github.com/session-intelligence/session-intelligence/shared/cc/transcript"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/gitinfo"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/intel/handoff"
	"github.com/session-intelligence/session-intelligence/shared/intel/history"
	"github.com/session-intelligence/session-intelligence/shared/intel/pressure"
	"github.com/session-intelligence/session-intelligence/shared/intel/regret"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
	"github.com/session-intelligence/session-intelligence/shared/intel/sessionctx"
	"github.com/session-intelligence/session-intelligence/shared/intel/shape"
)

// record appends the history entry, writes the regret snapshot and the
// hand-off. Each step's failure is logged; none blocks the compaction.
func (w *world) record(rt *hookio.Runtime, in *hookio.Input) error {
	now := rt.Now()
	e := history.Entry{T: now.Unix(), SID: rt.SID, Cwd: in.Cwd, Trigger: in.Trigger, Source: "hook"}
	stats, err := transcript.Scan(in.TranscriptPath, rt.Dirs.Cache())
	if err == nil {
		e.Tokens, _ = stats.ContextTokens()
		e.Cost = stats.Cost(pricing.Default().WithOverrides(rt.Config.Statusline.Prices))
	} else {
		stats = nil
	}
	pt := w.point(rt, in, stats)
	e.Window = pt.Window
	if !pt.Off {
		e.Point = pt.Threshold
	}
	b := w.bands()
	e.HotDirs, e.WarmDirs, e.DroppedDirs = b.Hot, b.Warm, b.Cold
	e.HadShift = w.analysis != nil && w.analysis.Shift != nil
	if err := history.Append(history.Path(rt.Dirs.Logs), e); err != nil {
		return err
	}
	snap := regret.Snapshot{T: e.T, SID: rt.SID, Tokens: e.Tokens, HotDirs: b.Hot, WarmDirs: b.Warm, DroppedDirs: b.Cold}
	if err := saveSnapshot(w.dir, snap); err != nil {
		return err
	}
	if rt.Config.Continue.AfterCompact {
		return w.writeHandoff(rt, in)
	}
	return nil
}

// point is where Claude Code would have compacted this session by itself.
func (w *world) point(rt *hookio.Runtime, in *hookio.Input, stats *transcript.Stats) autocompact.Point {
	win := w.dir.LoadWindow()
	var cache pressure.Cache
	return pressure.Compute(pressure.Inputs{Dirs: rt.Dirs, Zones: rt.Config.StatuslineFor(in.Cwd).Zones, Getenv: rt.Getenv,
		Cwd: in.Cwd, Project: rt.Getenv("CLAUDE_PROJECT_DIR"), Window: win.Size, Model: win.Model, Stats: stats}, &cache).Point
}

// saveSnapshot stores the bands the regret detector watches next.
func saveSnapshot(dir session.Dir, snap regret.Snapshot) error {
	data, err := snap.MarshalJSON()
	if err != nil {
		return err
	}
	if err := fsutil.PrivateDir(string(dir)); err != nil {
		return err
	}
	return fsutil.WriteOwn(dir.Snapshot(), data, fsutil.Sync)
}

// freshTask is how recently session-context.md must have been written for
// its current task to count as a strong signal.
const freshTask = 12 * time.Hour

func (w *world) writeHandoff(rt *hookio.Runtime, in *hookio.Input) error {
	h := handoff.Handoff{T: rt.Now().Unix(), SessionID: in.SessionID, Cwd: in.Cwd, Trigger: in.Trigger}
	if w.ctx != nil {
		if task := w.ctx.Task(); task != "" && w.ctxAge < freshTask {
			h.CurrentTask, h.TaskAgeHours = task, w.ctxAge.Hours()
		}
		h.KeyFiles = realItems(w.ctx.Sections["Key Files"])
	}
	h.NextPriorities = sessionctx.FollowUps(w.followUpFiles(rt, in))
	bands := w.bands()
	h.HotDirs, h.DroppedDirs = bands.Hot, bands.Cold
	if st, ok := w.git(rt, in); ok {
		h.InFlightFiles = st.Files
		h.RecentCommits = sessionCommits(st, w.sessionStart(rt))
	}
	wrote, err := handoff.Write(w.projectDir, h)
	if wrote {
		rt.Log.Infof(nil, "hand-off written for the resume")
	}
	return err
}

// sessionStart is when this session's work began: its first shape entry,
// else eight hours ago.
func (w *world) sessionStart(rt *hookio.Runtime) time.Time {
	if entries, err := shape.Read(w.dir.ShapeLog()); err == nil && len(entries) > 0 {
		return time.Unix(entries[0].T, 0)
	}
	return rt.Now().Add(-8 * time.Hour)
}

func sessionCommits(st gitinfo.Status, since time.Time) []string {
	var out []string
	for _, c := range st.Commits {
		if c.When >= since.Unix() && len(c.Hash) >= 7 {
			out = append(out, c.Hash[:7]+" "+c.Subject)
		}
	}
	return out
}

// gitStatus returns the repository status computed with go-git by the
// status line's refresher; when the cache does not match HEAD and the
// index it runs `si refresh git` (at most a few seconds) first.
func gitStatus(rt *hookio.Runtime, cwd string) (gitinfo.Status, bool) {
	root := paths.GitRoot(cwd)
	d, ok := gitinfo.Find(root)
	if root == "" || !ok {
		return gitinfo.Status{}, false
	}
	path := gitinfo.CachePath(rt.Dirs.Cache(), d.Root)
	if st, ok := gitinfo.Load(path); ok && st.Key == d.Key() {
		return st, true
	}
	si := paths.PluginBinary(paths.PluginRoot(rt.Getenv), runtime.GOOS, runtime.GOARCH, "si")
	if si == "" {
		return gitinfo.Status{}, false
	}
	ctx, cancel := context.WithTimeout(rt.Ctx, 3*time.Second)
	defer cancel()
	if err := exec.CommandContext(ctx, si, "refresh", "git", d.Root).Run(); err != nil {
		rt.Log.Debugf(nil, "git refresh: %v", err)
	}
	st, ok := gitinfo.Load(path)
	return st, ok && st.Key == d.Key()
}
