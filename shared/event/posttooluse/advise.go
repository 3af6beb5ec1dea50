package posttooluse

import (
	"fmt"
	"path/filepath"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/intel/advisory"
	"github.com/session-intelligence/session-intelligence/shared/intel/escalate"
	"github.com/session-intelligence/session-intelligence/shared/intel/pressure"
	"github.com/session-intelligence/session-intelligence/shared/intel/session"
	"github.com/session-intelligence/session-intelligence/shared/intel/sessionctx"
	"github.com/session-intelligence/session-intelligence/shared/intel/shape"
	"github.com/session-intelligence/session-intelligence/shared/intel/zones"
)

// compactHints says the PreCompact hook injects preserve/drop hints, so
// the advisory may promise it.
const compactHints = true

// advise decides whether this call escalated the zone (package escalate,
// the rule si replay applies too) and returns the advisory for the
// model, or "". Yellow is logged only; orange and red reach the model
// once per escalation, at most twice between compactions, once the
// session has made compact.threshold calls or auto-compaction is within
// reach; a drop in zone (after a compaction) re-arms.
func advise(rt *hookio.Runtime, in *hookio.Input, st *session.State, m measurement) hookio.Result {
	press := learnedZones(rt, in, st, m)
	set := press.Learned.For(max(m.cost, 0))
	tokens := m.ahead()
	z, last := set.Of(tokens), zones.Parse(st.Zone)
	was := escalate.State{Zone: last, Tokens: st.ZoneTokens, Sent: st.ZoneSent, Compactions: st.ZoneEpoch}
	es := was
	act, repeat := escalate.Step(escalate.RuleOf(rt.Config.Compact), &es, escalate.Call{
		Zone: z, Tokens: tokens, Calls: st.Calls, Near: set.Near(tokens), Compactions: m.compactions()})
	if es != was {
		st.Zone, st.ZoneTokens, st.ZoneSent, st.ZoneEpoch = es.Zone.String(), es.Tokens, es.Sent, es.Compactions
	}
	switch act {
	case escalate.Rearm:
		rt.Log.Infof(map[string]int64{"tokens": tokens}, "zone re-armed %s → %s", last, z)
		return hookio.Result{}
	case escalate.Log:
		rt.Log.Infof(map[string]int64{"tokens": tokens}, "zone transition %s → %s", last, z)
		return hookio.Result{}
	case escalate.Held:
		rt.Log.Debugf(map[string]any{"calls": st.Calls, "autoblock": rt.Config.Compact.Autoblock}, "advisory held back in %s", z)
		return hookio.Result{}
	case escalate.Capped:
		rt.Log.Infof(map[string]any{"tokens": tokens, "sent": es.Sent}, "advisory not sent in %s: %d already since the last compaction", z, es.Sent)
		return hookio.Result{}
	case escalate.Quiet:
		return hookio.Result{}
	}
	rt.Log.Warnf(map[string]any{"tokens": tokens, "transcript": m.tokens, "calls": st.Calls}, "suggestion: %s-zone", z)
	st.Advisories++
	moved := false
	if key := fmt.Sprintf("%d/%d", set.Orange, set.Red); rt.Config.Learning.Announce && set.Adaptive && st.Announced != key {
		moved, st.Announced = st.Announced != "", key
	}
	a := advisory.Input{
		Zone: z, Tokens: tokens, Estimated: m.estimated, Cost: m.cost, CostText: m.costText,
		Diagnosis: diagnose(rt, in, session.Dir(rt.Dirs.Session(rt.SID))), CompactOff: press.Point.Off,
		Zones: set, Repeat: repeat, Moved: moved, CompactHints: compactHints,
	}
	if in.Cwd != "" {
		mem := sessionctx.MemoryFor(rt.Dirs, in.Cwd, rt.Getenv("CLAUDE_PROJECT_DIR"), rt.Getenv)
		if rt.Config.Compact.MemoryOffload {
			a.MemoryDir, a.AIMemory = mem.AutoDir(), mem.AIMemory
		}
		if a.MemoryDir != "" {
			a.MemoryFile = sessionctx.SessionMemoryFile(rt.Now(), firstNonEmpty(in.SessionID, rt.SID))
		}
		a.FollowUps = sessionctx.FollowUpFiles(autoDir(mem), filepath.Join(rt.Dirs.ProjectDir(in.Cwd), "session-context.md"))
	}
	return told(rt, a)
}

// told is what an advisory says: the advisory to the model, a line to the
// user, and, when compact.notify asks for one in an interactive session
// (CLAUDE_CODE_SESSION_ATTENDED=1, which Claude Code sets for the TUI and
// not for -p), a desktop notification through the terminal.
func told(rt *hookio.Runtime, a advisory.Input) hookio.Result {
	res := hookio.Result{Context: advisory.Compose(a), Notice: advisory.Notice(a)}
	if rt.Getenv("CLAUDE_CODE_SESSION_ATTENDED") == "1" {
		res.Terminal = advisory.Terminal(rt.Config.Compact.Notify, res.Notice)
	}
	return res
}

// diagnose runs the shape analysis for the advisory's Observed line.
func diagnose(rt *hookio.Runtime, in *hookio.Input, dir session.Dir) string {
	entries, err := shape.Read(dir.ShapeLog())
	if err != nil {
		rt.Log.Debugf(nil, "shape read: %v", err)
		return ""
	}
	return shape.Analyze(entries, shape.Configured(rt.Config.Shape, in.Cwd)).Diagnosis()
}

// autoDir is Claude Code's memory directory when it keeps one, whether or
// not the offload goes there: its MEMORY.md may hold follow-ups.
func autoDir(m sessionctx.Memory) string {
	if !m.Auto.On {
		return ""
	}
	return m.Auto.Dir
}

// learnedZones are the zones in force for the session (the user's, the
// learned ones or the ones placed before the compaction point), with
// what they were computed from cached in the session state.
func learnedZones(rt *hookio.Runtime, in *hookio.Input, st *session.State, m measurement) pressure.Result {
	w := session.Dir(rt.Dirs.Session(rt.SID)).LoadWindow()
	return pressure.Compute(pressure.Inputs{Dirs: rt.Dirs, Zones: rt.Config.StatuslineFor(in.Cwd).Zones, Getenv: rt.Getenv,
		Cwd: in.Cwd, Project: rt.Getenv("CLAUDE_PROJECT_DIR"), Window: w.Size, Model: w.Model, Stats: m.stats}, &st.Pressure)
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// Judge is the zone check of the hooks that see what the next request
// will carry before the transcript does (PostToolBatch: the batch's
// results; UserPromptSubmit: the prompt): the context the transcript
// shows and extra, judged by the same rule and answered with the same
// advisory as a single call, under the session lock.
func Judge(rt *hookio.Runtime, in *hookio.Input, extra int64) (hookio.Result, error) {
	if rt.SID == "" {
		return hookio.Result{}, nil
	}
	dir := session.Dir(rt.Dirs.Session(rt.SID))
	var res hookio.Result
	err := dir.Locked(rt.Ctx, func() error {
		st := dir.Load()
		m := measure(rt, in, &st)
		if !m.estimated {
			m.next = m.tokens + extra
		}
		res = advise(rt, in, &st, m)
		return dir.Save(st, rt.Now())
	})
	if err != nil {
		return hookio.Result{}, err
	}
	return res, nil
}

// Prompt is the zone check of the UserPromptSubmit hook. Context also
// grows without tool calls: a prompt (a pasted log, a long spec) joins
// the next request, and what came since the last call (a background
// agent's report, a task notification and the answer to it) shows in
// the transcript's latest figure, which no PostToolUse may see before
// auto-compaction. A prompt that cannot escalate the session
// (escalate.PromptMay) costs one read of the state file, not a scan of
// the transcript.
func Prompt(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, error) {
	extra := escalate.Prompt(in.Prompt)
	if rt.SID == "" || !escalate.PromptMay(zones.Parse(session.Dir(rt.Dirs.Session(rt.SID)).Load().Zone), extra) {
		return hookio.Result{}, nil
	}
	return Judge(rt, in, extra)
}
