package sessionstart

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/detach"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/intel/bootstrap"
	"github.com/session-intelligence/session-intelligence/templates"
)

// runBootstrap seeds the config, session-context.md and the CLAUDE.md
// block (each only when due), starts the git refresher when the
// auto-fill needs a fresh status, and, once per install, learns the
// compaction history from the user's existing transcripts in the
// background. Where continue.rules puts the rules in the start context,
// they are the step's context; the first block written into a project's
// CLAUDE.md is told to the user.
func runBootstrap(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, error) {
	var res hookio.Result
	if in.Cwd != "" {
		place := bootstrap.PlaceFor(rt.Config.Continue.Rules, rt.Dirs, in.Cwd)
		rep := bootstrap.Run(bootstrap.Options{Dirs: rt.Dirs, Cwd: in.Cwd, Now: rt.Now(), ClaudeMDEnabled: place.Where == config.RulesClaudeMd})
		rep.Log(rt.Log)
		if rep.NeedGit != "" {
			spawnSI(rt, "refresh", "git", rep.NeedGit)
		}
		res = rulesResult(rt, in, place, rep)
	}
	marker := filepath.Join(rt.Dirs.State, "learned")
	if fsutil.Marked(marker) {
		return res, nil
	}
	if spawnSI(rt, "learn", "--quiet") {
		_ = fsutil.Touch(marker, rt.Now())
		rt.Log.Infof(nil, "learning the compaction history from existing transcripts in the background")
	}
	return res, nil
}

// rulesResult is what the user and the model hear of the rules at this
// start: in the start context (not on a resume, whose context already
// holds them from its start, compaction or /clear: Claude Code drops a
// start context at a compaction or /clear and keeps it otherwise), and
// once, where they went.
func rulesResult(rt *hookio.Runtime, in *hookio.Input, place bootstrap.Place, rep bootstrap.Report) hookio.Result {
	var res hookio.Result
	if place.Where == config.RulesContext && in.Source != "resume" {
		res.Context = bootstrap.ContextRules(templates.Rules())
	}
	switch {
	case rep.FirstBlock != "":
		res.Notice = FirstBlockNotice(rep.FirstBlock, rep.FirstBackup, bootstrap.BlockLines(templates.Rules()))
	case place.Checkout && once(rt, checkoutTipMarker):
		res.Notice = CheckoutNotice
	}
	return res
}

// checkoutTipMarker records that the plugin's checkout was explained.
const checkoutTipMarker = "tip-rules-checkout"

// CheckoutNotice tells the user why the plugin's own checkout gets no
// CLAUDE.md block.
const CheckoutNotice = "session-intelligence: this is the plugin's own checkout, so its session rules come with each session's start context instead of a block in CLAUDE.md: your clone stays as it was. In your own projects they go into CLAUDE.md, and you are told when they do."

// FirstBlockNotice tells the user, once per project, that the rules
// block went into path (the user's copy saved as backup, when the file
// had text of theirs), why, and the one command that moves it.
func FirstBlockNotice(path, backup string, lines int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "session-intelligence added its session rules to %s (%d lines between its BEGIN/END session-intelligence:rules markers", path, lines)
	if backup != "" {
		fmt.Fprintf(&b, "; your text is untouched, and a copy of the file is in %s", backup)
	}
	b.WriteString("): they ask Claude to keep the session note current and say what survives a compaction. ")
	b.WriteString("To leave the repository untouched instead, run /si set continue.rules context (the rules then come with each session's start, and the block comes out again); si explain continue.rules says more.")
	return b.String()
}

// once reports whether the marker under the state directory was missing,
// and leaves it there: true exactly once per install.
func once(rt *hookio.Runtime, marker string) bool {
	path := filepath.Join(rt.Dirs.State, marker)
	if fsutil.Marked(path) {
		return false
	}
	return fsutil.PrivateDir(rt.Dirs.State) == nil && fsutil.Touch(path, rt.Now()) == nil
}

// spawnSI starts the plugin's si detached; false when there is none.
func spawnSI(rt *hookio.Runtime, args ...string) bool {
	si := paths.PluginBinary(paths.PluginRoot(rt.Getenv), runtime.GOOS, runtime.GOARCH, "si")
	if si == "" {
		return false
	}
	if err := detach.Start(si, args, os.Environ()); err != nil {
		rt.Log.Warnf(nil, "start si %s: %v", args[0], err)
		return false
	}
	return true
}
