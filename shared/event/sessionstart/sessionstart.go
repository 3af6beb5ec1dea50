// Package sessionstart is the SessionStart hook. At every session start
// it keeps the status line wired (a stable copy of the binary run by
// settings.json's statusLine, chained before the user's previous one);
// after a compaction (source "compact") it consumes the hand-off the
// PreCompact hook wrote and injects the SESSION RESUME block. It is
// idempotent and does little more than a few stats when everything is
// already in place.
package sessionstart

import (
	"runtime"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent"
	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/cc/wiring"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/intel/handoff"
	"github.com/session-intelligence/session-intelligence/shared/relay"
)

// Handle is the SessionStart handler.
func Handle(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, error) {
	if rt.Config.Statusline.AutoWire {
		wireStatusLine(rt)
	}
	installUserCommands(rt)
	runBootstrap(rt, in)
	var res hookio.Result
	if in.Source == "compact" && rt.Config.Continue.AfterCompact && in.Cwd != "" {
		h, err := handoff.Consume(rt.Dirs.ProjectDir(in.Cwd), rt.Now())
		if err == nil {
			res.Context = handoff.Render(h)
			if rt.Config.Compact.Format == "ailv1" {
				res.Context = handoff.RenderAIL(h)
			}
			rt.Log.Infof(map[string]any{"task": h.CurrentTask != "", "commits": len(h.RecentCommits)}, "resume block injected")
		}
	}
	if note := relay.SessionStartNote(rt, in); note != "" {
		res.Context = note // after a relay's /clear: the hand-over note, framed as data
	}
	if c := agent.SessionStart(rt, in); c != "" {
		res.Context = strings.TrimSpace(res.Context + "\n\n" + c) // the session's agent, after the rest
	}
	return res, nil
}

// wireStatusLine copies the plugin's status line binary to the plugin's
// data directory and points settings.json at it. Failures are logged:
// the session starts regardless.
func wireStatusLine(rt *hookio.Runtime) {
	src := paths.PluginBinary(paths.PluginRoot(rt.Getenv), runtime.GOOS, runtime.GOARCH, wiring.BinaryName)
	if src == "" {
		rt.Log.Debugf(nil, "no plugin root; status line left as it is")
		return
	}
	res, err := wiring.Wire(wiring.Options{Dirs: rt.Dirs, Source: src, StableIn: stableBinDir(rt)})
	switch {
	case err != nil:
		rt.Log.Warnf(nil, "status line not wired: %v", err)
	case res.Changed:
		rt.Log.Infof(map[string]string{"backup": res.Backup}, "status line wired into settings.json")
	case res.Copied:
		rt.Log.Infof(nil, "status line binary updated")
	}
}
