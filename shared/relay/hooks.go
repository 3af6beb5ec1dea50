package relay

import (
	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/cc/transcript"
)

// hookDeps is the decision environment of a hook process.
func hookDeps(rt *hookio.Runtime) Deps {
	return Deps{Store: NewStore(rt.Dirs.State), Set: FromConfig(rt.Config.Relay), Getenv: rt.Getenv, Now: rt.Now, Alive: Alive}
}

// hookRoot is the project a hook runs for.
func hookRoot(rt *hookio.Runtime, in *hookio.Input) string {
	return firstNonEmpty(rt.Getenv("CLAUDE_PROJECT_DIR"), in.Cwd)
}

// HandleStop is the relay without the module API: past the threshold it
// blocks the stop with the hand-over request (never while
// stop_hook_active), and once the note is written it tells the user to
// /clear; SessionStart(clear) then injects the note. A conversation the
// module drives is left to the module.
func HandleStop(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, error) {
	d := hookDeps(rt)
	root := hookRoot(rt, in)
	if !d.Set.Enabled || rt.Getenv(EnvDriver) == string(Headless) || root == "" || rt.SID == "" {
		return hookio.Result{}, nil
	}
	st, err := d.Store.Load(root)
	if err != nil {
		return hookio.Result{}, err
	}
	if cv := st.Convs[rt.SID]; cv != nil && cv.Module || st.Phase != Armed && st.Driver == Module {
		return hookio.Result{}, nil
	}
	c := Call{Event: TurnEnd, SID: rt.SID, Window: d.Window(rt.Getenv("CLAUDE_PID")), Driver: StopHook,
		Tokens: contextTokens(rt, in), Continuing: in.StopHookActive}
	a, err := d.Apply(root, c)
	if err != nil {
		return hookio.Result{}, err
	}
	if a.Action == Handover {
		rt.Log.Infof(map[string]any{"tokens": c.Tokens}, "relay: hand-over requested through the Stop hook")
		return hookio.Result{Block: a.Text}, nil
	}
	return hookio.Result{Notice: a.Notice}, nil
}

// contextTokens is the conversation's size from its transcript; 0 when
// the transcript has no figure yet.
func contextTokens(rt *hookio.Runtime, in *hookio.Input) int64 {
	if in.TranscriptPath == "" {
		return 0
	}
	stats, err := transcript.Scan(in.TranscriptPath, rt.Dirs.Cache())
	if err != nil {
		rt.Log.Debugf(nil, "relay: transcript: %v", err)
		return 0
	}
	n, _ := stats.ContextTokens()
	return n
}

// SessionStartNote is what SessionStart injects for the relay: the note,
// framed as data, when this start is the fresh conversation of a relay
// (source clear in the relaying window, or a new session after that
// window died between the clear and the resume), followed by the user's
// own words from the conversation that wrote the note; "" otherwise.
func SessionStartNote(rt *hookio.Runtime, in *hookio.Input) string {
	d := hookDeps(rt)
	root := hookRoot(rt, in)
	headless := rt.Getenv(EnvDriver) == string(Headless)
	if !d.Set.Enabled && !headless || root == "" || rt.SID == "" || in.Source != "clear" && in.Source != "startup" {
		return ""
	}
	drv := StopHook
	if headless {
		drv = Headless
	}
	a, err := d.Apply(root, Call{Event: StartedUp, SID: rt.SID, Window: d.Window(rt.Getenv("CLAUDE_PID")), Driver: drv, Source: in.Source})
	if err != nil {
		rt.Log.Warnf(nil, "relay: %v", err)
		return ""
	}
	if a.Action != Inject {
		return ""
	}
	note := d.Set.NotePath(root)
	var out string
	if text, cut, err := ReadNote(note); err != nil {
		rt.Log.Warnf(nil, "relay: %v", err)
		out = MissingNote(note)
	} else {
		rt.Log.Infof(map[string]any{"bytes": len(text), "cut": cut}, "relay: note injected")
		out = RenderNote(note, text, cut, d.Set.Format)
	}
	if words := carryWords(rt, a.From); words != "" {
		out += "\n\n" + words
	}
	return out
}
