// Package sessionstart is the SessionStart hook: it composes, in order,
// the features a session start runs. The status line stays wired (a
// stable copy of the binary settings.json's statusLine runs, chained
// before the user's previous one); the plain /si and /ai commands stay
// current; the bootstrap seeds the config, session-context.md and the
// CLAUDE.md block when due; after a compaction (source "compact") the
// hand-off the PreCompact hook wrote becomes the SESSION RESUME block;
// after a relay's /clear the hand-over note is injected; and the
// session's agent says what its other sessions did. Everything is
// idempotent and costs little more than a few stats when in place.
package sessionstart

import (
	"runtime"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent"
	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/cc/wiring"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/intel/capture"
	"github.com/session-intelligence/session-intelligence/shared/intel/handoff"
	"github.com/session-intelligence/session-intelligence/shared/relay"
)

// Handle is the SessionStart handler.
var Handle = hookio.Chain(
	hookio.Then("status line wiring", wireStatusLine),
	hookio.Then("user commands", installUserCommands),
	hookio.Then("CLIs on PATH", refreshOnPath),
	hookio.Then("PATH tip", pathTip),
	hookio.Then("bootstrap", runBootstrap),
	hookio.Then("lost words", capture.Deliver),
	hookio.Then("resume block", resumeBlock),
	hookio.Then("relay note", relayNote),
	hookio.Then("agent", agentContext),
	hookio.Then("compact tip", compactTip),
)

// tipMarker records that the manual-/compact tip was shown.
const tipMarker = "tip-manual-compact"

// compactTip shows the user, once per install, what a manual /compact
// needs: Claude Code waits after it, so a short message resumes the work
// (the resume banner repeats the tip at its bottom).
func compactTip(rt *hookio.Runtime, _ *hookio.Input) (hookio.Result, error) {
	if !once(rt, tipMarker) {
		return hookio.Result{}, nil
	}
	return hookio.Result{Notice: "session-intelligence: " + handoff.ManualTip}, nil
}

// resumeBlock is the SESSION RESUME block after a compaction, from the
// hand-off the PreCompact hook wrote (consumed: it is one-shot).
func resumeBlock(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, error) {
	if in.Source != "compact" || !rt.Config.Continue.AfterCompact || in.Cwd == "" {
		return hookio.Result{}, nil
	}
	h, err := handoff.Consume(rt.Dirs.ProjectDir(in.Cwd), rt.Now())
	if err != nil {
		return hookio.Result{}, nil // none written, or too old: nothing to resume
	}
	text := handoff.Render(h)
	if rt.Config.Compact.Format == "ailv1" {
		text = handoff.RenderAIL(h)
	}
	rt.Log.Infof(map[string]any{"task": h.CurrentTask != "", "commits": len(h.RecentCommits)}, "resume block injected")
	return hookio.Result{Context: text}, nil
}

// relayNote is the relay's hand-over note, framed as data, when this
// start is the fresh conversation of a relay.
func relayNote(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, error) {
	return hookio.Result{Context: relay.SessionStartNote(rt, in)}, nil
}

// agentContext is what the session's agent has to say.
func agentContext(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, error) {
	return hookio.Result{Context: agent.SessionStart(rt, in)}, nil
}

// wireStatusLine copies the plugin's status line binary to the stable
// directory (wiring.StableDir, outside the plugin) and points
// settings.json at it, naming the plugin so that the status line steps
// aside once Claude Code uninstalls or disables it. Failures are
// logged: the session starts regardless.
func wireStatusLine(rt *hookio.Runtime, _ *hookio.Input) (hookio.Result, error) {
	if !rt.Config.Statusline.AutoWire {
		return hookio.Result{}, nil
	}
	src := paths.PluginBinary(paths.PluginRoot(rt.Getenv), runtime.GOOS, runtime.GOARCH, wiring.BinaryName)
	if src == "" {
		rt.Log.Debugf(nil, "no plugin root; status line left as it is")
		return hookio.Result{}, nil
	}
	id, gone := pluginOf(rt)
	if gone {
		rt.Log.Infof(nil, "the plugin is no longer installed or enabled; status line not wired")
		return hookio.Result{}, nil
	}
	res, err := wiring.Wire(wiring.Options{Dirs: rt.Dirs, Source: src, StableIn: wiring.StableDir(rt.Dirs), Plugin: id})
	switch {
	case err != nil:
		rt.Log.Warnf(nil, "status line not wired: %v", err)
	case res.Changed:
		rt.Log.Infof(map[string]string{"backup": res.Backup}, "status line wired into settings.json")
	case res.Copied:
		rt.Log.Infof(nil, "status line binary updated")
	}
	return hookio.Result{}, nil
}
