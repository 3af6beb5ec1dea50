package posttooluse

import (
	"fmt"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/intel/advisory"
	"github.com/session-intelligence/session-intelligence/shared/intel/history"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
	"github.com/session-intelligence/session-intelligence/shared/intel/shape"
	"github.com/session-intelligence/session-intelligence/shared/intel/zones"
)

// compactHints says the PreCompact hook injects preserve/drop hints, so
// the advisory may promise it.
const compactHints = true

// minRefire is the smallest growth that re-fires an advisory in a zone.
const minRefire = 5000

// advise decides whether this call escalated the zone and returns the
// advisory for the model, or "". Yellow is logged only; orange and red
// reach the model once per escalation, once the session has made
// compact.threshold calls; a drop in zone (after a compaction) re-arms.
func advise(rt *hookio.Runtime, in *hookio.Input, st *session.State, m measurement) string {
	set := learnedZones(rt, in, st).For(max(m.cost, 0))
	z, last := set.Of(m.tokens), zones.Parse(st.Zone)
	cfg := rt.Config.Compact
	switch {
	case z < last:
		rt.Log.Infof(map[string]int64{"tokens": m.tokens}, "zone re-armed %s → %s", last, z)
		st.Zone, st.ZoneTokens = z.String(), m.tokens
		return ""
	case z == last && !refire(cfg.RefireEveryTokens, m.tokens-st.ZoneTokens, z):
		return ""
	case z == zones.Yellow:
		rt.Log.Infof(map[string]int64{"tokens": m.tokens}, "zone transition %s → %s", last, z)
		st.Zone, st.ZoneTokens = z.String(), m.tokens
		return ""
	case !cfg.Autoblock || st.Calls < cfg.Threshold:
		rt.Log.Debugf(map[string]any{"calls": st.Calls, "autoblock": cfg.Autoblock}, "advisory held back in %s", z)
		return ""
	}
	rt.Log.Warnf(map[string]any{"tokens": m.tokens, "calls": st.Calls}, "suggestion: %s-zone", z)
	repeat := z == last
	st.Zone, st.ZoneTokens = z.String(), m.tokens
	st.Advisories++
	moved := false
	if key := fmt.Sprintf("%d/%d", set.Orange, set.Red); rt.Config.Learning.Announce && set.Adaptive && st.Announced != key {
		moved, st.Announced = st.Announced != "", key
	}
	return advisory.Compose(advisory.Input{
		Zone: z, Tokens: m.tokens, Estimated: m.estimated, Cost: m.cost,
		Diagnosis: diagnose(rt, in, session.Dir(rt.Dirs.Session(rt.SID))),
		MemoryDir: memoryDir(rt, in), Zones: set, Repeat: repeat, Moved: moved, CompactHints: compactHints,
	})
}

// refire reports whether a same-zone advisory is due again.
func refire(every, grown int64, z zones.Zone) bool {
	if every <= 0 || z < zones.Orange {
		return false
	}
	return grown >= max(every, minRefire)
}

// diagnose runs the shape analysis for the advisory's Observed line.
func diagnose(rt *hookio.Runtime, in *hookio.Input, dir session.Dir) string {
	entries, err := shape.Read(dir.ShapeLog())
	if err != nil {
		rt.Log.Debugf(nil, "shape read: %v", err)
		return ""
	}
	cfg := rt.Config.Shape.For(in.Cwd)
	a := shape.Analyze(entries, shape.Options{
		Cwd: in.Cwd, Depth: cfg.RootDirDepth, Scoring: cfg.Scoring, WarmCutoff: cfg.WarmScoreCutoff,
		Preserve: shape.CompileGlobs(cfg.PreserveGlobs), Drop: shape.CompileGlobs(cfg.DropGlobs),
	})
	return a.Diagnosis()
}

func memoryDir(rt *hookio.Runtime, in *hookio.Input) string {
	if !rt.Config.Compact.MemoryOffload || in.Cwd == "" {
		return ""
	}
	return rt.Dirs.MemoryDir(in.Cwd)
}

// learnedZones are the adaptive zones for the project, cached in the
// session state until the compaction history changes.
func learnedZones(rt *hookio.Runtime, in *hookio.Input, st *session.State) zones.Learned {
	c, _ := zones.Resolve(st.Zones, history.Path(rt.Dirs.Logs), rt.Config.Statusline.Zones, in.Cwd)
	st.Zones = c
	return c.Learned
}
