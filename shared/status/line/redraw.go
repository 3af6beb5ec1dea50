package line

import (
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"

	"github.com/session-intelligence/session-intelligence/shared/cc/autocompact"
	"github.com/session-intelligence/session-intelligence/shared/cc/pricing"
	"github.com/session-intelligence/session-intelligence/shared/cc/transcript"
	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
	"github.com/session-intelligence/session-intelligence/shared/intel/pressure"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
	"github.com/session-intelligence/session-intelligence/shared/intel/zones"
)

// Deps is what one redraw works with: the process's IO, and the
// directories and configuration resolved from it.
type Deps struct {
	IO
	Dirs   paths.Dirs
	Config config.Config
}

// redraw holds one redraw's inputs and the data loaded for it, each
// piece loaded on first use so that unused fields cost nothing.
type redraw struct {
	in    *Input
	env   Deps
	cfg   config.Statusline
	cwd   string
	now   time.Time
	sid   string
	paint painter

	zones  zones.Set
	prices pricing.Table

	statsDone bool
	stats     *transcript.Stats
	stateDone bool
	state     session.State
	point     autocompact.Point // where Claude Code compacts by itself, set with the zones
	list      []string          // the fields being rendered
	onceCache map[string]any
}

func newRedraw(in *Input, env Deps) *redraw {
	cwd := in.Cwd
	if cwd == "" {
		cwd = env.Getenv("PWD")
	}
	cfg := env.Config.StatuslineFor(cwd)
	r := &redraw{in: in, env: env, cfg: cfg, cwd: cwd, now: env.Now(), sid: paths.SessionID(in.SessionID),
		paint: painter{on: cfg.Colors}, onceCache: map[string]any{}}
	r.prices = pricing.Default().WithOverrides(cfg.Prices)
	r.zones = r.learnedZones()
	return r
}

// learnedZones are the same zones the hooks use (the user's, the learned
// ones or the ones placed before the compaction point), with what they
// were computed from cached per project. The window Claude Code sent is
// recorded for the session's hooks, which are not told it.
func (r *redraw) learnedZones() zones.Set {
	path := filepath.Join(r.env.Dirs.Cache(), "zones", paths.SessionID(r.cwd)+".json")
	var cached pressure.Cache
	if data, err := fsutil.ReadOwn(path, 64<<10); err == nil {
		_ = jsonx.Unmarshal(data, &cached)
	}
	before := cached
	window, model := r.windowSize(), r.modelID()
	if r.sid != "" && window > 0 {
		_ = session.Dir(r.env.Dirs.Session(r.sid)).SaveWindow(session.Window{Size: window, Model: model, Limits: r.sentLimits()})
	}
	res := pressure.Compute(pressure.Inputs{Dirs: r.env.Dirs, Zones: r.cfg.Zones, Getenv: r.env.Getenv, Cwd: r.cwd,
		Project: r.projectDir(), Window: window, Model: model, Stats: r.transcriptStats()}, &cached)
	if cached.Claude.Stamp != before.Claude.Stamp || cached.Zones.Stamp != before.Zones.Stamp || cached.Zones.Point != before.Zones.Point {
		if data, err := jsonx.Marshal(cached); err == nil && fsutil.PrivateTree(r.env.Dirs.Cache(), filepath.Dir(path)) == nil {
			_ = fsutil.WriteOwn(path, data, fsutil.NoSync)
		}
	}
	r.point = res.Point
	return res.Learned.For(max(r.sessionCost().USD, 0))
}

// transcriptStats reads the transcript incrementally (nil when absent).
func (r *redraw) transcriptStats() *transcript.Stats {
	if !r.statsDone {
		r.statsDone = true
		if r.in.TranscriptPath != "" {
			if s, err := transcript.Scan(r.in.TranscriptPath, r.env.Dirs.Cache()); err == nil {
				r.stats = s
			}
		}
	}
	return r.stats
}

// sessionState is the hooks' per-session state (read only).
func (r *redraw) sessionState() session.State {
	if !r.stateDone {
		r.stateDone = true
		if r.sid != "" {
			r.state = session.Dir(r.env.Dirs.Session(r.sid)).Load()
		}
	}
	return r.state
}

// once memoises a computed value by name.
func once[T any](r *redraw, name string, fn func() T) T {
	if v, ok := r.onceCache[name]; ok {
		return v.(T)
	}
	v := fn()
	r.onceCache[name] = v
	return v
}

// shows reports whether the layout has the field: a field that also
// lives inside another (autoCompact in tokens, cacheExpiry in cacheHit)
// is then left out of that one.
func (r *redraw) shows(name string) bool { return slices.Contains(r.list, name) }

// render lays out the fields. Every cell's text is cleaned here
// ([termtext.Line]): fields show text from stdin, git, folder names and
// files, and only our own styling may reach the terminal. A raw cell
// (a hyperlink, the health dots) cleans what it holds itself.
func (r *redraw) render(list []string) string {
	r.list = list
	sep := r.paint.paint(termtext.Line(r.cfg.Separator), sepCol)
	var out []string
	for _, line := range lines(list) {
		var cells []string
		for _, name := range line {
			fn, ok := fields[name]
			if !ok {
				continue
			}
			switch c := safe(fn, r); {
			case c.text == "":
			case c.raw:
				cells = append(cells, c.text)
			default:
				cells = append(cells, r.paint.paint(termtext.Line(c.text), c.style))
			}
		}
		if len(cells) > 0 {
			out = append(out, strings.Join(cells, sep))
		}
	}
	return strings.Join(out, "\n")
}

// safe renders one field, turning a panic into an empty cell so one bad
// field never takes the whole line down.
func safe(fn func(*redraw) cell, r *redraw) (c cell) {
	defer func() {
		if recover() != nil {
			c = cell{}
		}
	}()
	return fn(r)
}

// Render draws the configured fields for one stdin payload.
func Render(in *Input, env Deps) string {
	r := newRedraw(in, env)
	return r.render(fieldList(r.cfg.Fields, r.cfg.Preset, env.Getenv))
}
