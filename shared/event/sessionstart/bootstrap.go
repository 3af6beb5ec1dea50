package sessionstart

import (
	"os"
	"path/filepath"
	"runtime"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/detach"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/intel/bootstrap"
)

// runBootstrap seeds the config, session-context.md and the CLAUDE.md
// block (each only when due), starts the git refresher when the
// auto-fill needs a fresh status, and, once per install, learns the
// compaction history from the user's existing transcripts in the
// background.
func runBootstrap(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, error) {
	if in.Cwd != "" {
		rep := bootstrap.Run(bootstrap.Options{Dirs: rt.Dirs, Cwd: in.Cwd, Now: rt.Now(), ClaudeMDEnabled: rt.Config.Continue.ClaudeMd})
		rep.Log(rt.Log)
		if rep.NeedGit != "" {
			spawnSI(rt, "refresh", "git", rep.NeedGit)
		}
	}
	marker := filepath.Join(rt.Dirs.State, "learned")
	if fsutil.Marked(marker) {
		return hookio.Result{}, nil
	}
	if spawnSI(rt, "learn", "--quiet") {
		_ = fsutil.Touch(marker, rt.Now())
		rt.Log.Infof(nil, "learning the compaction history from existing transcripts in the background")
	}
	return hookio.Result{}, nil
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
