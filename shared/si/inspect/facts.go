package inspect

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/ai/summarise"
	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/cc/managed"
	"github.com/session-intelligence/session-intelligence/shared/cc/usercmd"
	"github.com/session-intelligence/session-intelligence/shared/cc/wiring"
	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/status/quota/endpoint"
)

// PluginName is the plugin's name in any marketplace.
const PluginName = "session-intelligence"

// Options say where to look; tests point them at scratch directories.
type Options struct {
	Dirs       paths.Dirs
	Cwd        string
	ManagedDir string // "" = the platform's
	Getenv     func(string) string
	LookPath   func(string) (string, error)
	Now        func() time.Time
	Self       string // the running binary; finds a plugin loaded with --plugin-dir
}

// Facts is everything inspect found.
type Facts struct {
	Levels   []Level // highest precedence first: managed…, local, project, user
	Enabled  Setting // enabledPlugins for our plugin id
	PluginID string  // the id in use ("" when not installed as a plugin)
	Install  Installed
	Hooks    map[hookio.Event]HookSource // where each event is registered
	NoHooks  Setting                     // disableAllHooks
	Managed  ManagedInfo
	Wiring   wiring.Record
	StatusLn string // settings statusLine command
	Fired    map[hookio.Event]hookio.Fired
	Commands map[string]bool // user-level command files present (si.md, ai.md)
	Config   []config.Problem
	Usage    UsageEndpoint
	Claude   string   // the claude binary on PATH
	Damaged  []string // state files found damaged and moved aside
	// Removed is the plugin our records name (the status line's wiring,
	// the user commands) when Claude Code no longer has it installed and
	// nothing else registers our hooks: it was uninstalled with claude
	// plugin uninstall or /plugin, and si uninstall finishes the job.
	Removed string
	Calls   summarise.Calls // the model calls made on the user's account
}

// UsageEndpoint is the quota refresher's endpoint, where it was set and
// why it is refused (nil when the token may go there).
type UsageEndpoint struct {
	URL, From string
	Refused   error
}

// ManagedInfo says whether managed settings exist and whether they
// install us.
type ManagedInfo struct {
	Dir      string
	Any      bool   // some managed file exists
	Ours     string // the managed file that enables our plugin
	Fragment string // where `si deploy managed` writes
}

// Gather reads everything; it never fails, problems are in the facts.
func Gather(o Options) Facts {
	if o.ManagedDir == "" {
		o.ManagedDir, _ = managed.Dir(managed.OS(runtime.GOOS))
	}
	f := Facts{Levels: levels(o), Commands: map[string]bool{}}
	f.Install = readInstalled(o.Dirs.Claude)
	f.PluginID = f.Install.ID
	ids := []string{f.PluginID, PluginName + "@" + PluginName}
	for _, id := range ids {
		if id == "" {
			continue
		}
		if s := effective(f.Levels, "enabledPlugins", id); s.From != "" {
			f.Enabled, f.PluginID = s, id
			break
		}
	}
	if f.Install.ID == "" && f.Install.Err == nil && f.EnabledTrue() {
		f.Install = managedInstall(f.Levels, f.PluginID)
	}
	if f.Install.ID == "" && f.Install.Err == nil {
		if in := sessionPlugin(o); in.ID != "" {
			f.Install, f.PluginID = in, in.ID
			f.Enabled = Setting{Value: true, From: "--plugin-dir"}
		}
	}
	f.NoHooks = effective(f.Levels, "disableAllHooks")
	f.Managed = managedInfo(o.ManagedDir, f.Levels, ids)
	f.Hooks = registeredHooks(f, o)
	f.Wiring = wiring.Load(o.Dirs)
	if v, ok := lookup(userLevel(f.Levels).Doc, "statusLine", "command"); ok {
		f.StatusLn, _ = v.(string)
	}
	f.Fired = hookio.ReadFired(o.Dirs)
	for _, name := range []string{"si", "ai"} {
		_, err := os.Stat(filepath.Join(o.Dirs.Claude, "commands", name+".md"))
		f.Commands[name] = err == nil
	}
	f.Removed = f.removed(o)
	cfg, probs := config.Load(config.Files{Legacy: o.Dirs.LegacyConfig(), Unified: o.Dirs.Config()}, o.Getenv)
	f.Config, f.Usage = probs, usageEndpoint(cfg, o)
	f.Damaged = fsutil.FindDamaged(maxDoctorWalk, o.Dirs.State, o.Dirs.Logs)
	f.Calls = gatherCalls(o, cfg)
	if o.LookPath != nil {
		f.Claude, _ = o.LookPath("claude")
	}
	return f
}

// removed names the plugin Claude Code removed, "" when it is there (or
// disabled, which doctor reports apart) or was never installed as one.
func (f Facts) removed(o Options) string {
	if f.Install.ID != "" || f.Install.Err != nil || len(f.Hooks) > 0 {
		return ""
	}
	if id := wiring.Load(o.Dirs).Plugin; id != "" {
		return id
	}
	return usercmd.RecordedPlugin(o.Dirs.State)
}

func levels(o Options) []Level {
	m := readManaged(o.ManagedDir)
	slices.Reverse(m) // a later fragment wins
	out := m
	if root := ProjectRoot(o.Cwd, o.Dirs.Home); root != "" {
		out = append(out,
			loadLevel("local", filepath.Join(root, ".claude", "settings.local.json")),
			loadLevel("project", filepath.Join(root, ".claude", "settings.json")))
	}
	return append(out, loadLevel("user", filepath.Join(o.Dirs.Claude, "settings.json")))
}

func userLevel(levels []Level) Level {
	for _, lv := range levels {
		if lv.Name == "user" {
			return lv
		}
	}
	return Level{}
}

func managedInfo(dir string, levels []Level, ids []string) ManagedInfo {
	info := ManagedInfo{Dir: dir, Fragment: filepath.Join(dir, "managed-settings.d", managed.FileName)}
	for _, lv := range levels {
		if lv.Name != "managed" || (!lv.Present() && lv.Err == nil) {
			continue
		}
		info.Any = true
		for _, id := range ids {
			if v, ok := lookup(lv.Doc, "enabledPlugins", id); ok && v == true && info.Ours == "" {
				info.Ours = lv.Path
			}
		}
	}
	return info
}

// EnabledTrue reports whether the effective enabledPlugins value is true.
func (f Facts) EnabledTrue() bool { return f.Enabled.Value == true }

// HooksOff reports whether disableAllHooks is in force.
func (f Facts) HooksOff() bool { return f.NoHooks.Value == true }

// Short makes a path readable by replacing the home directory with ~.
func Short(path, home string) string {
	if home != "" && strings.HasPrefix(path, home+string(filepath.Separator)) {
		return "~" + path[len(home):]
	}
	return path
}

// usageEndpoint checks the configured endpoint as the refresher will.
func usageEndpoint(cfg config.Config, o Options) UsageEndpoint {
	u := UsageEndpoint{URL: cfg.Statusline.UsageEndpoint, From: o.Dirs.Config()}
	if o.Getenv("SI_USAGE_ENDPOINT") != "" {
		u.From = "the environment (SI_USAGE_ENDPOINT)"
	}
	u.Refused = endpoint.Check(u.URL, endpoint.TestBuild)
	return u
}
