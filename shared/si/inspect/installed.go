package inspect

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/settingsjson"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// Installed is our entry in Claude Code's plugin registry.
type Installed struct {
	ID          string // plugin@marketplace; "" when not installed
	Scope       string
	Version     string
	InstallPath string // the cached copy
	Marketplace string // the marketplace's folder (directory sources)
	Root        string // where the plugin actually loads from
	Err         error  // the registry could not be read
}

type registryEntry struct {
	Scope       string `json:"scope"`
	InstallPath string `json:"installPath"`
	Version     string `json:"version"`
}

type marketEntry struct {
	InstallLocation string `json:"installLocation"`
}

// readInstalled finds session-intelligence in installed_plugins.json,
// under whichever marketplace name (a release folder may use another).
func readInstalled(claudeDir string) Installed {
	var reg struct {
		Plugins map[string][]registryEntry `json:"plugins"`
	}
	dir := filepath.Join(claudeDir, "plugins")
	if err := readJSON(filepath.Join(dir, "installed_plugins.json"), &reg); err != nil {
		return Installed{Err: err}
	}
	ids := make([]string, 0, len(reg.Plugins))
	for id := range reg.Plugins {
		if strings.HasPrefix(id, PluginName+"@") && len(reg.Plugins[id]) > 0 {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return Installed{}
	}
	sort.Strings(ids) // deterministic when installed from two marketplaces
	id := ids[0]
	e := reg.Plugins[id][0]
	in := Installed{ID: id, Scope: e.Scope, Version: e.Version, InstallPath: e.InstallPath, Root: e.InstallPath}
	var markets map[string]marketEntry
	if readJSON(filepath.Join(dir, "known_marketplaces.json"), &markets) == nil {
		in.Marketplace = markets[id[len(PluginName)+1:]].InstallLocation
	}
	// A directory marketplace loads the plugin in place, not from the cache.
	if root := pluginRoot(in.Marketplace); root != "" {
		in.Root = root
	}
	return in
}

// managedInstall describes a plugin that managed settings install from a
// directory marketplace: Claude Code loads it in place and records it in
// no registry file.
func managedInstall(levels []Level, id string) Installed {
	market := id[strings.IndexByte(id, '@')+1:]
	for _, lv := range levels {
		if lv.Name != "managed" {
			continue
		}
		kind, _ := lookup(lv.Doc, "extraKnownMarketplaces", market, "source", "source")
		dir, _ := lookup(lv.Doc, "extraKnownMarketplaces", market, "source", "path")
		path, _ := dir.(string)
		if kind != "directory" || path == "" {
			continue
		}
		in := Installed{ID: id, Scope: "managed", Marketplace: path, Root: pluginRoot(path)}
		var meta struct {
			Version string `json:"version"`
		}
		if in.Root != "" && readJSON(filepath.Join(in.Root, ".claude-plugin", "plugin.json"), &meta) == nil {
			in.Version = meta.Version
		}
		return in
	}
	return Installed{}
}

// sessionPlugin describes the plugin a session loaded with --plugin-dir
// (Claude Code's "name@inline"): it is in no registry, so it is found
// from the running si, when si runs inside Claude Code (CLAUDECODE=1, as
// the Bash tool sets it) from the bin/ of a folder holding our manifest.
func sessionPlugin(o Options) Installed {
	if o.Self == "" || o.Getenv == nil || o.Getenv("CLAUDECODE") != "1" {
		return Installed{}
	}
	self := o.Self
	if real, err := filepath.EvalSymlinks(self); err == nil {
		self = real
	}
	root := filepath.Dir(filepath.Dir(self))
	var meta struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	}
	if readJSON(filepath.Join(root, ".claude-plugin", "plugin.json"), &meta) != nil || meta.Name != PluginName {
		return Installed{}
	}
	return Installed{ID: PluginName + "@inline", Scope: "this session, --plugin-dir", Version: meta.Version, Root: root}
}

// pluginRoot is where a marketplace folder keeps our plugin, from its
// marketplace.json; "" when it has none.
func pluginRoot(market string) string {
	if market == "" {
		return ""
	}
	var doc struct {
		Plugins []struct {
			Name   string `json:"name"`
			Source any    `json:"source"`
		} `json:"plugins"`
	}
	if readJSON(filepath.Join(market, ".claude-plugin", "marketplace.json"), &doc) != nil {
		return ""
	}
	for _, p := range doc.Plugins {
		if src, ok := p.Source.(string); ok && p.Name == PluginName {
			if root := filepath.Join(market, src); isDir(root) {
				return root
			}
		}
	}
	return ""
}

// readJSON decodes a capped file as Claude Code reads its own (a BOM and
// a blank file are fine); a missing file leaves v untouched.
func readJSON(path string, v any) error {
	data, err := fsutil.ReadCapped(path, maxSettings)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	return settingsjson.Decode(data, v)
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// HookSource is where an event's hook is registered.
type HookSource struct {
	From    string // the plugin id, or the settings file
	Command string // the command Claude Code runs
	Binary  string // the executable it names, when it can be resolved
}

// binaries maps each event to its hook binary.
var binaries = map[hookio.Event]string{
	hookio.SessionStart: "si-session-start", hookio.PreCompact: "si-pre-compact",
	hookio.PostToolUse: "si-post-tool-use", hookio.PostToolBatch: "si-post-tool-batch", hookio.UserPromptSubmit: "si-user-prompt-submit",
	hookio.Stop: "si-stop", hookio.SessionEnd: "si-session-end", hookio.PostCompact: "si-post-compact",
	hookio.PreModelSwitch: "si-pre-model-switch",
}

// registeredHooks finds our hooks in the enabled plugin's hooks.json and
// in settings files (the bash installer registers them there).
func registeredHooks(f Facts, o Options) map[hookio.Event]HookSource {
	out := map[hookio.Event]HookSource{}
	if f.Install.Root != "" && f.EnabledTrue() {
		var hf struct {
			Hooks map[string]jsonx.RawMessage `json:"hooks"`
		}
		if readJSON(filepath.Join(f.Install.Root, "hooks", "hooks.json"), &hf) == nil {
			collect(out, hf.Hooks, f.PluginID, f.Install.Root)
		}
	}
	for _, lv := range f.Levels {
		if raw, err := jsonx.Marshal(lv.Doc["hooks"]); err == nil && lv.Present() {
			var hooks map[string]jsonx.RawMessage
			if jsonx.Unmarshal(raw, &hooks) == nil {
				collect(out, hooks, lv.Path, "")
			}
		}
	}
	return out
}

// collect records the commands that run one of our binaries.
func collect(out map[hookio.Event]HookSource, hooks map[string]jsonx.RawMessage, from, root string) {
	for event, raw := range hooks {
		var groups []struct {
			Hooks []struct {
				Command string `json:"command"`
			} `json:"hooks"`
		}
		if jsonx.Unmarshal(raw, &groups) != nil {
			continue
		}
		ev := hookio.Event(event)
		for _, g := range groups {
			for _, h := range g.Hooks {
				bin, ok := runs(h.Command, binaries[ev])
				if _, seen := out[ev]; seen || !ok || binaries[ev] == "" {
					continue
				}
				out[ev] = HookSource{From: from, Command: h.Command, Binary: bin(root)}
			}
		}
	}
}

// runs reports whether a hook command runs the hook binary name, itself
// or through the launcher ("…/bin/si-hook" pre-compact runs
// si-pre-compact beside it), and how to find that binary's path.
func runs(cmd, name string) (path func(root string) string, ok bool) {
	if strings.Contains(cmd, name) {
		return func(root string) string { return resolveBinary(cmd, root) }, true
	}
	event := strings.TrimPrefix(name, "si-")
	if !strings.Contains(cmd, hookio.Launcher+`" `+event) && !strings.HasSuffix(cmd, hookio.Launcher+" "+event) {
		return nil, false
	}
	return func(root string) string {
		if launcher := resolveBinary(cmd, root); launcher != "" {
			return filepath.Join(filepath.Dir(launcher), name)
		}
		return ""
	}, true
}

// resolveBinary extracts the executable from a hook command, expanding
// the plugin root placeholder.
func resolveBinary(cmd, root string) string {
	cmd = strings.TrimSpace(cmd)
	if strings.HasPrefix(cmd, `"`) {
		if end := strings.Index(cmd[1:], `"`); end >= 0 {
			cmd = cmd[1 : end+1]
		}
	} else if sp := strings.IndexByte(cmd, ' '); sp > 0 {
		cmd = cmd[:sp]
	}
	if root != "" {
		cmd = strings.ReplaceAll(cmd, "${CLAUDE_PLUGIN_ROOT}", root)
	}
	if strings.Contains(cmd, "${") || strings.Contains(cmd, "$") {
		return ""
	}
	return cmd
}
