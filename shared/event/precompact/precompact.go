// Package precompact is the PreCompact hook. Its stdout is appended to
// Claude Code's summarisation prompt (after the user's /compact words),
// so it prints guidance: what session-context.md says to keep, the
// PRESERVE / SAFE TO DROP bands observed from tool calls, an optional
// memory-offload checkpoint and a priorities review. It also records the
// compaction in the history, snapshots the bands for the regret detector
// and writes the one-shot hand-off for the resume. It never blocks a
// compaction.
package precompact

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/intel/guidance"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
	"github.com/session-intelligence/session-intelligence/shared/intel/sessionctx"
	"github.com/session-intelligence/session-intelligence/shared/intel/shape"
)

// Handle is the PreCompact handler.
func Handle(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, error) {
	w := observe(rt, in)
	text := guidance.Compose(w.guidanceInput(rt, in))
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
}

func observe(rt *hookio.Runtime, in *hookio.Input) *world {
	w := &world{dir: session.Dir(rt.Dirs.Session(rt.SID)), projectDir: rt.Dirs.ProjectDir(in.Cwd)}
	if rt.SID != "" {
		entries, err := shape.Read(w.dir.ShapeLog())
		if err != nil {
			rt.Log.Warnf(nil, "shape log: %v", err)
		}
		cfg := rt.Config.Shape.For(in.Cwd)
		w.analysis = shape.Analyze(entries, shape.Options{Cwd: in.Cwd, Depth: cfg.RootDirDepth, Scoring: cfg.Scoring,
			WarmCutoff: cfg.WarmScoreCutoff, Preserve: shape.CompileGlobs(cfg.PreserveGlobs), Drop: shape.CompileGlobs(cfg.DropGlobs)})
	}
	path := filepath.Join(w.projectDir, "session-context.md")
	if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() {
		if data, err := fsutil.ReadCapped(path, sessionctx.MaxFile); err == nil {
			doc := sessionctx.Parse(data)
			w.ctx, w.ctxMod, w.ctxAge = &doc, fi.ModTime(), rt.Now().Sub(fi.ModTime())
		}
	}
	return w
}

// bands are the analysis's bands, empty without an analysis.
func (w *world) bands() shape.Bands {
	if w.analysis == nil {
		return shape.Bands{}
	}
	return w.analysis.Bands
}

func (w *world) guidanceInput(rt *hookio.Runtime, in *hookio.Input) guidance.Input {
	g := guidance.Input{Context: w.ctx, ContextAge: w.ctxAge, Shape: w.analysis, Stable: rt.Config.Compact.StablePrefix,
		AIL: rt.Config.Compact.Format == "ailv1"}
	memory := rt.Dirs.MemoryDir(in.Cwd)
	if rt.Config.Compact.MemoryOffload && in.Cwd != "" {
		g.MemoryDir = memory
		g.MemoryFile = fmt.Sprintf("project_session_%s_%s.md", rt.Now().Format("2006-01-02"), short(in.SessionID))
	}
	g.Priorities = priorityFiles(memory, filepath.Join(w.projectDir, "session-context.md"))
	return g
}

// short is the first 8 characters of a session id.
func short(sid string) string {
	if len(sid) > 8 {
		return sid[:8]
	}
	return sid
}

// priorityFiles lists the files that hold open follow-ups: MEMORY.md,
// the newest project_session_*.md, session-context.md.
func priorityFiles(memory, sessionContext string) []string {
	candidates := []string{filepath.Join(memory, "MEMORY.md")}
	if newest := newestSessionFile(memory); newest != "" {
		candidates = append(candidates, newest)
	}
	candidates = append(candidates, sessionContext)
	var out []string
	for _, p := range candidates {
		if data, err := fsutil.ReadCapped(p, sessionctx.MaxFile); err == nil && len(sessionctx.OpenItems(data)) > 0 {
			out = append(out, p)
		}
	}
	return out
}

func newestSessionFile(memory string) string {
	matches, _ := filepath.Glob(filepath.Join(memory, "project_session_*.md"))
	newest, at := "", time.Time{}
	for _, m := range matches {
		if fi, err := os.Stat(m); err == nil && fi.ModTime().After(at) {
			newest, at = m, fi.ModTime()
		}
	}
	return newest
}
