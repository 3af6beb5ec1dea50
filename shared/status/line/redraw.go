package line

import (
	"path/filepath"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"

	"github.com/session-intelligence/session-intelligence/shared/cc/pricing"
	"github.com/session-intelligence/session-intelligence/shared/cc/transcript"
	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/intel/history"
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

// learnedZones are the same adaptive zones the hooks use, learned from
// the compaction history and cached per project until it changes.
func (r *redraw) learnedZones() zones.Set {
	path := filepath.Join(r.env.Dirs.Cache(), "zones", paths.SessionID(r.cwd)+".json")
	var cached zones.Cached
	if data, err := fsutil.ReadCapped(path, 64<<10); err == nil {
		_ = jsonx.Unmarshal(data, &cached)
	}
	c, fresh := zones.Resolve(cached, history.Path(r.env.Dirs.Logs), r.cfg.Zones, r.cwd)
	if !fresh {
		if data, err := jsonx.Marshal(c); err == nil && fsutil.PrivateDir(filepath.Dir(path)) == nil {
			_ = fsutil.WriteAtomic(path, data, 0o600, fsutil.NoSync)
		}
	}
	cost := 0.0
	if r.in.Cost != nil && r.in.Cost.TotalCostUSD != nil {
		cost = *r.in.Cost.TotalCostUSD
	}
	return c.Learned.For(cost)
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

// render lays out the fields.
func (r *redraw) render(list []string) string {
	sep := r.paint.paint(r.cfg.Separator, sepCol)
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
				cells = append(cells, r.paint.paint(c.text, c.style))
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
