// Package pressure is a session's context pressure as the hooks, the
// status line and si see it: where Claude Code will compact the session
// by itself (package cc/autocompact: from the window the status line
// recorded, the model, Claude Code's own settings and the session's
// earlier automatic compactions) and the zones in force around that
// point (package intel/zones).
package pressure

import (
	"runtime"

	"github.com/session-intelligence/session-intelligence/shared/cc/autocompact"
	"github.com/session-intelligence/session-intelligence/shared/cc/managed"
	"github.com/session-intelligence/session-intelligence/shared/cc/transcript"
	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/intel/history"
	"github.com/session-intelligence/session-intelligence/shared/intel/zones"
)

// Inputs are what one caller knows; every field but Dirs may be empty.
type Inputs struct {
	Dirs    paths.Dirs
	Zones   config.Zones // the configuration's (statusline.zones, per project)
	Getenv  func(string) string
	Cwd     string // the session's working directory
	Project string // CLAUDE_PROJECT_DIR, else Cwd
	Window  int64  // context_window_size: the status line's stdin, or what it recorded for the hooks
	Model   string // the model id, when the caller was given it
	Stats   *transcript.Stats
	Peak    int64 // the largest context the session is known to reach, beyond Stats.Peak (a replay reads it all first)
}

// Cache is what a caller may keep between calls so that unchanged files
// are not read again.
type Cache struct {
	Claude autocompact.Config `json:"claude"`
	Zones  zones.Cached       `json:"zones"`
}

// Result is the pressure.
type Result struct {
	Point   autocompact.Point
	Learned zones.Learned
}

// Compute works out the point and the zones, updating c.
func Compute(in Inputs, c *Cache) Result {
	window, model, peak, version := in.Window, in.Model, in.Peak, ""
	var observed []int64
	if in.Stats != nil {
		if model == "" && in.Stats.Latest != nil {
			model = in.Stats.Latest.Model
		}
		peak, version = max(peak, in.Stats.Peak), in.Stats.Version
		for _, cp := range in.Stats.Compacts {
			if cp.Trigger == "auto" {
				observed = append(observed, cp.PreTokens)
			}
		}
	}
	managedDir, _ := managed.Dir(managed.OS(runtime.GOOS))
	c.Claude = autocompact.Read(autocompact.FilesFor(in.Dirs.Claude, in.Dirs.Home, firstNonEmpty(in.Project, in.Cwd), managedDir), c.Claude)
	pt := autocompact.Compute(autocompact.Inputs{Window: window, Model: model, Getenv: in.Getenv,
		Settings: c.Claude.Windows, Enabled: c.Claude.Enabled, Observed: observed, Peak: peak, Version: version})
	c.Zones, _ = zones.Resolve(c.Zones, history.Path(in.Dirs.Logs), in.Zones, pt, in.Cwd)
	return Result{Point: pt, Learned: c.Zones.Learned}
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
