// Package precompact is the PreCompact hook. Its stdout is appended to
// Claude Code's summarisation prompt (after the user's /compact words),
// so it prints guidance the summariser can use: what session-context.md
// (or, before there is one, git) says to keep, the PRESERVE / SAFE TO
// DROP bands observed from tool calls, where the session saved its
// memory, and the open follow-ups to carry over. (The memory offload
// itself is asked for in the zone advisory, while tools still work: the
// summariser may call none.) It also records the
// compaction in the history, snapshots the bands for the regret detector
// and writes the one-shot hand-off for the resume. It never blocks a
// compaction.
package precompact

import (
	"os"
	"path/filepath"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/gitinfo"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/intel/bootstrap"
	"github.com/session-intelligence/session-intelligence/shared/intel/capture"
	"github.com/session-intelligence/session-intelligence/shared/intel/guidance"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
	"github.com/session-intelligence/session-intelligence/shared/intel/sessionctx"
	"github.com/session-intelligence/session-intelligence/shared/intel/shape"
)

// Handle is the PreCompact handler.
func Handle(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, error) {
	w := observe(rt, in)
	w.readCapture(rt, in)
	g := w.guidanceInput(rt, in)
	text := guidance.Compose(g)
	w.notePending(rt, in, g)
	if rt.SID != "" {
		if err := w.record(rt, in); err != nil {
			rt.Log.Warnf(nil, "pre-compact records: %v", err)
		}
	}
	rt.Log.Infof(map[string]any{"trigger": in.Trigger, "bytes": len(text), "hot": w.bands().Hot, "drop": w.bands().Cold}, "injected compaction guidance")
	return hookio.Result{Text: text}, nil
}

// world is what the hook observed about the session and project.
type world struct {
	dir        session.Dir
	projectDir string
	analysis   *shape.Analysis
	ctx        *sessionctx.Doc
	ctxAge     time.Duration
	ctxMod     time.Time
	ctxFromGit bool            // ctx was made from git: no session-context.md yet
	auto       *string         // Claude Code's memory directory, once resolved
	status     *gitinfo.Status // the repository's status, once asked
	statusOK   bool
	words      capture.Store // the user's captured words and the work in flight
}

func observe(rt *hookio.Runtime, in *hookio.Input) *world {
	w := &world{dir: session.Dir(rt.Dirs.Session(rt.SID)), projectDir: rt.Dirs.ProjectDir(in.Cwd)}
	path := filepath.Join(w.projectDir, "session-context.md")
	if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() {
		if data, err := fsutil.ReadCapped(path, sessionctx.MaxFile); err == nil {
			doc := sessionctx.Parse(data)
			w.ctx, w.ctxMod, w.ctxAge = &doc, fi.ModTime(), rt.Now().Sub(fi.ModTime())
		}
	}
	if rt.SID == "" && guidance.Informative(w.ctx) {
		return w // no shape log, and git would add nothing
	}
	st, stOK := w.git(rt, in)
	if !guidance.Informative(w.ctx) && stOK { // none yet, or only the template's placeholders
		if doc, ok := bootstrap.GitContext(st, gitBranch(in.Cwd)); ok {
			w.ctx, w.ctxFromGit = &doc, true
		}
	}
	if rt.SID != "" {
		entries, err := shape.Read(w.dir.ShapeLog())
		if err != nil {
			rt.Log.Warnf(nil, "shape log: %v", err)
		}
		w.analysis = shape.Analyze(entries, w.shapeOptions(rt, in, st))
	}
	return w
}

// shapeOptions are the analysis options with what DROP must keep: the
// files in flight and the latest commit from git, the key files from
// session-context.md (git's paths are relative to its work tree).
func (w *world) shapeOptions(rt *hookio.Runtime, in *hookio.Input, st gitinfo.Status) shape.Options {
	o := shape.Configured(rt.Config.Shape, in.Cwd)
	root := paths.GitRoot(in.Cwd)
	if root == "" {
		root = in.Cwd
	}
	at := func(f string) string {
		if filepath.IsAbs(f) {
			return f
		}
		return filepath.Join(root, f)
	}
	for _, f := range st.Files {
		o.InFlight = append(o.InFlight, at(f))
	}
	if len(st.Commits) > 0 {
		o.Committed = st.Commits[0].When
	}
	if w.ctx != nil {
		for _, item := range realItems(w.ctx.Sections["Key Files"]) {
			if f := shape.KeyFilePath(item); f != "" {
				o.KeyFiles = append(o.KeyFiles, at(f))
			}
		}
	}
	return o
}

// git is the repository's status, asked once per run; ok is false
// outside git or when it cannot be had.
func (w *world) git(rt *hookio.Runtime, in *hookio.Input) (gitinfo.Status, bool) {
	if w.status == nil {
		var st gitinfo.Status
		ok := false
		if in.Cwd != "" {
			st, ok = gitStatus(rt, in.Cwd)
		}
		w.status, w.statusOK = &st, ok
	}
	return *w.status, w.statusOK
}

// gitBranch is the branch checked out at cwd's work tree, "" when
// detached or outside git.
func gitBranch(cwd string) string {
	d, ok := gitinfo.Find(paths.GitRoot(cwd))
	if !ok {
		return ""
	}
	branch, _ := d.Head()
	return branch
}

// bands are the analysis's bands, empty without an analysis.
func (w *world) bands() shape.Bands {
	if w.analysis == nil {
		return shape.Bands{}
	}
	return w.analysis.Bands
}

func (w *world) guidanceInput(rt *hookio.Runtime, in *hookio.Input) guidance.Input {
	g := guidance.Input{Context: w.ctx, ContextAge: w.ctxAge, FromGit: w.ctxFromGit, Shape: w.analysis,
		Stable: rt.Config.Compact.StablePrefix, AIL: rt.Config.Compact.Format == "ailv1"}
	auto := w.autoMemory(rt, in)
	if rt.Config.Compact.MemoryOffload && auto != "" && in.SessionID != "" {
		saved := filepath.Join(auto, sessionctx.SessionMemoryFile(rt.Now(), in.SessionID))
		if fi, err := os.Stat(saved); err == nil && fi.Mode().IsRegular() {
			g.SavedMemory = saved
		}
	}
	g.FollowUps = sessionctx.FollowUps(w.followUpFiles(rt, in))
	g.Words, g.Tasks, g.Chasing = w.words.Items, w.words.Tasks.Open(), w.words.Tasks.Chasing()
	if st, ok := w.git(rt, in); ok {
		g.InFlight = st.Files
	}
	return g
}

// autoMemory is Claude Code's memory directory for the project, "" when
// it keeps none; resolved once per run.
func (w *world) autoMemory(rt *hookio.Runtime, in *hookio.Input) string {
	if w.auto == nil {
		dir := ""
		if in.Cwd != "" {
			if mem := sessionctx.MemoryFor(rt.Dirs, in.Cwd, rt.Getenv("CLAUDE_PROJECT_DIR"), rt.Getenv); mem.Auto.On {
				dir = mem.Auto.Dir
			}
		}
		w.auto = &dir
	}
	return *w.auto
}

// followUpFiles are the files holding open follow-ups for this project.
func (w *world) followUpFiles(rt *hookio.Runtime, in *hookio.Input) []string {
	return sessionctx.FollowUpFiles(w.autoMemory(rt, in), filepath.Join(w.projectDir, "session-context.md"))
}
