package inspect

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// world is a scratch machine: a home, a project, a managed directory.
type world struct {
	t                    *testing.T
	home, proj, mgd, mkt string
	env                  map[string]string
}

func newWorld(t *testing.T) *world {
	t.Helper()
	root := t.TempDir()
	w := &world{t: t, home: filepath.Join(root, "home"), proj: filepath.Join(root, "home", "src", "app"),
		mgd: filepath.Join(root, "etc", "claude-code"), mkt: filepath.Join(root, "mkt"), env: map[string]string{}}
	w.write(filepath.Join(w.proj, "main.go"), "package main\n")
	return w
}

func (w *world) write(path, content string) {
	w.t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		w.t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o700); err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) claude(rel, content string) { w.write(filepath.Join(w.home, ".claude", rel), content) }

// js is a path as it stands inside a JSON string: on Windows each '\'
// written "\\".
func js(path string) string {
	b, err := json.Marshal(path)
	if err != nil {
		panic(err)
	}
	return string(b[1 : len(b)-1])
}

// installPlugin lays out a directory marketplace and registers it the
// way `claude plugin install` does.
func (w *world) installPlugin() {
	root := w.marketplace()
	w.write(filepath.Join(root, "hooks", "hooks.json"), `{"hooks":{
	 "SessionStart":[{"hooks":[{"type":"command","command":"\"${CLAUDE_PLUGIN_ROOT}/bin/si-session-start\""}]}],
	 "PreCompact":[{"hooks":[{"type":"command","command":"\"${CLAUDE_PLUGIN_ROOT}/bin/si-pre-compact\""}]}],
	 "PostToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"\"${CLAUDE_PLUGIN_ROOT}/bin/si-post-tool-use\""}]}]}}`)
	for _, b := range []string{"si-session-start", "si-pre-compact", "si-post-tool-use"} {
		w.write(filepath.Join(root, "bin", b), "#!/bin/sh\n")
	}
	w.claude("plugins/installed_plugins.json", `{"version":2,"plugins":{"session-intelligence@session-intelligence":[{"scope":"user","installPath":"`+js(filepath.Join(w.home, ".claude", "plugins", "cache", "x"))+`","version":"0.1.0"}]}}`)
	w.claude("plugins/known_marketplaces.json", `{"session-intelligence":{"source":{"source":"directory","path":"`+js(w.mkt)+`"},"installLocation":"`+js(w.mkt)+`"}}`)
}

// marketplace lays out a directory marketplace holding the plugin.
func (w *world) marketplace() string {
	w.write(filepath.Join(w.mkt, ".claude-plugin", "marketplace.json"), `{"name":"session-intelligence","plugins":[{"name":"session-intelligence","source":"./plugins/session-intelligence"}]}`)
	root := filepath.Join(w.mkt, "plugins", PluginName)
	w.write(filepath.Join(root, ".claude-plugin", "plugin.json"), `{"name":"session-intelligence","version":"0.2.0"}`)
	return root
}

func (w *world) options() Options {
	dirs, err := paths.Resolve(func(k string) string {
		if k == "HOME" {
			return w.home
		}
		return w.env[k]
	})
	if err != nil {
		w.t.Fatal(err)
	}
	return Options{Dirs: dirs, Cwd: w.proj, ManagedDir: w.mgd, Getenv: func(k string) string { return w.env[k] },
		Now: func() time.Time { return time.Now() }}
}

func (w *world) doctor() map[string]Check {
	o := w.options()
	out := map[string]Check{}
	for _, c := range Doctor(Gather(o), o) {
		out[c.Name] = c
	}
	return out
}

func expect(t *testing.T, checks map[string]Check, name string, v Verdict, detail string) {
	t.Helper()
	c, ok := checks[name]
	if !ok {
		t.Fatalf("no check %q", name)
	}
	if c.Verdict != v || !strings.Contains(c.Detail, detail) {
		t.Errorf("%s = %v %q (fix %q); want %v containing %q", name, c.Verdict, c.Detail, c.Fix, v, detail)
	}
	if v != OK && c.Fix == "" && name != "settings files" {
		t.Errorf("%s: a problem without a fix", name)
	}
}

func TestDoctorNotInstalled(t *testing.T) {
	w := newWorld(t)
	checks := w.doctor()
	expect(t, checks, "plugin", Fail, "not installed")
	expect(t, checks, "hook PostToolUse", Fail, "not registered")
	expect(t, checks, "hooks firing", Warn, "no hook has run")
	expect(t, checks, "managed settings", OK, "none")
}

func TestDoctorInstalledAndFiring(t *testing.T) {
	w := newWorld(t)
	w.installPlugin()
	w.claude("settings.json", `{"enabledPlugins":{"session-intelligence@session-intelligence":true}}`)
	w.claude("commands/si.md", "x")
	o := w.options()
	if err := os.MkdirAll(hookio.FiredDir(o.Dirs), 0o700); err != nil {
		t.Fatal(err)
	}
	w.write(filepath.Join(hookio.FiredDir(o.Dirs), "SessionStart"), "abc\n")
	checks := w.doctor()
	expect(t, checks, "plugin", OK, "session-intelligence@session-intelligence 0.1.0 (user scope), loads from "+w.mkt)
	expect(t, checks, "hook SessionStart", OK, "registered by session-intelligence@session-intelligence")
	expect(t, checks, "hooks firing", OK, "SessionStart")
	expect(t, checks, "/si command", OK, "plain /si")
	expect(t, checks, "state directory", OK, "0700")
	if Failed(Doctor(Gather(o), o)) {
		t.Error("a healthy install failed")
	}
}

func TestDoctorProblems(t *testing.T) {
	// On Windows a mode says nothing of who may read the folder (its ACL
	// does; see fsutil.PermBits): a chmod leaves it private there.
	exposed, exposedDetail := Fail, "0755"
	if !fsutil.PermBits {
		exposed, exposedDetail = OK, "is private"
	}
	for _, tc := range []struct {
		name   string
		setup  func(w *world)
		check  string
		v      Verdict
		detail string
	}{
		{"disabled in project local settings", func(w *world) {
			w.write(filepath.Join(w.proj, ".claude", "settings.local.json"), `{"enabledPlugins":{"session-intelligence@session-intelligence":false}}`)
		}, "plugin", Fail, filepath.Join("src", "app", ".claude", "settings.local.json")},
		{"enabled nowhere", func(w *world) { w.claude("settings.json", `{}`) }, "plugin", Fail, "enabled in no settings file"},
		{"hooks disabled", func(w *world) {
			w.claude("settings.json", `{"disableAllHooks":true,"enabledPlugins":{"session-intelligence@session-intelligence":true}}`)
		},
			"hooks allowed", Fail, "disableAllHooks is true"},
		{"invalid settings", func(w *world) { w.claude("settings.json", "{\n  \"a\": 1,\n}\n") }, "settings files", Fail, "settings.json: invalid JSON at line 3"},
		{"managed settings without us", func(w *world) { w.write(filepath.Join(w.mgd, "managed-settings.json"), `{"permissions":{}}`) },
			"managed settings", Warn, "withholds"},
		{"managed settings with us", func(w *world) {
			w.write(filepath.Join(w.mgd, "managed-settings.d", "90-session-intelligence.json"), `{"enabledPlugins":{"session-intelligence@session-intelligence":true}}`)
		}, "managed settings", OK, "installed for every user"},
		{"binary missing", func(w *world) {
			w.claude("settings.json", `{"enabledPlugins":{"session-intelligence@session-intelligence":true}}`)
			os.Remove(filepath.Join(w.mkt, "plugins", PluginName, "bin", "si-pre-compact"))
		}, "hook PreCompact", Fail, "missing or not executable"},
		{"launcher: the binary it runs is missing", func(w *world) {
			w.claude("settings.json", `{"enabledPlugins":{"session-intelligence@session-intelligence":true}}`)
			root := filepath.Join(w.mkt, "plugins", PluginName)
			w.write(filepath.Join(root, "hooks", "hooks.json"), `{"hooks":{
			 "SessionStart":[{"hooks":[{"type":"command","command":"\"${CLAUDE_PLUGIN_ROOT}/bin/si-session-start\""}]}],
			 "PreCompact":[{"hooks":[{"type":"command","command":"\"${CLAUDE_PLUGIN_ROOT}/bin/si-hook\" pre-compact"}]}],
			 "PostToolUse":[{"hooks":[{"type":"command","command":"\"${CLAUDE_PLUGIN_ROOT}/bin/si-post-tool-use\""}]}]}}`)
			w.write(filepath.Join(root, "bin", "si-hook"), "#!/bin/sh\n")
			os.Remove(filepath.Join(root, "bin", "si-pre-compact"))
		}, "hook PreCompact", Fail, "si-pre-compact is missing or not executable"},
		{"bad config", func(w *world) { w.claude("session-intelligence.json", `{"compact":{"threshold":"many"}}`) }, "config", Fail, "compact.threshold"},
		{"foreign usage endpoint in the config", func(w *world) {
			w.claude("session-intelligence.json", `{"statusline":{"usageEndpoint":"https://attacker.example/usage"}}`)
		}, "quota endpoint", Fail, "refusing the usage endpoint \"https://attacker.example/usage\": the OAuth token is sent only to https://api.anthropic.com; set by "},
		{"loopback usage endpoint from the environment", func(w *world) { w.env["SI_USAGE_ENDPOINT"] = "http://127.0.0.1:9/usage" },
			"quota endpoint", Fail, "set by the environment (SI_USAGE_ENDPOINT)"},
		{"anthropic's usage endpoint", func(w *world) { w.env["SI_USAGE_ENDPOINT"] = "https://api.anthropic.com/api/oauth/usage?x=1" },
			"quota endpoint", OK, "https://api.anthropic.com/api/oauth/usage?x=1"},
		{"state readable by others", func(w *world) {
			w.write(filepath.Join(w.home, ".claude", "session-intelligence", "x"), "")
			os.Chmod(filepath.Join(w.home, ".claude", "session-intelligence"), 0o755)
		}, "state directory", exposed, exposedDetail},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t)
			w.installPlugin()
			tc.setup(w)
			expect(t, w.doctor(), tc.check, tc.v, tc.detail)
		})
	}
}

func TestDoctorFiring(t *testing.T) {
	start := func(at time.Time) string {
		return `{"type":"permission-mode"}` + "\n" + `{"type":"user","timestamp":"` + at.UTC().Format(time.RFC3339Nano) + `"}` + "\n"
	}
	hour := time.Now().Add(-time.Hour)
	for _, tc := range []struct {
		name       string
		recordSID  string // the SessionStart record's session
		recordAt   time.Time
		transcript string // of session "abc", written now
		v          Verdict
		detail     string
	}{
		// A session started an hour ago that is still running: its
		// transcript is fresh, its SessionStart old. Healthy.
		{"long session, recorded", "abc", hour, start(hour.Add(time.Second)), OK, "SessionStart"},
		// Another session's SessionStart is the latest record, but it
		// came after this one began: this one's fired first.
		{"parallel sessions", "other", hour.Add(time.Minute), start(hour), OK, "SessionStart"},
		// A session that began long after the last SessionStart record,
		// which no hook recorded: hooks are not running.
		{"not firing", "other", hour, start(time.Now().Add(-time.Minute)), Fail, "session abc began at"},
		// No timestamp to go by: no verdict from absence alone.
		{"no timestamp", "other", hour, "{}\n", OK, "SessionStart"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t)
			w.installPlugin()
			w.claude("settings.json", `{"enabledPlugins":{"session-intelligence@session-intelligence":true}}`)
			fired := filepath.Join(hookio.FiredDir(w.options().Dirs), "SessionStart")
			w.write(fired, tc.recordSID+"\n")
			os.Chtimes(fired, tc.recordAt, tc.recordAt)
			w.claude("projects/-x/abc.jsonl", tc.transcript)
			expect(t, w.doctor(), "hooks firing", tc.v, tc.detail)
		})
	}
}

func TestBashInstalledHooks(t *testing.T) {
	w := newWorld(t)
	bin := filepath.Join(w.home, ".claude", "session-intelligence", "bin", "si-post-tool-use")
	w.write(bin, "#!/bin/sh\n")
	// install.sh names the binary with '/' (C:/… on Windows, as Git Bash takes it).
	w.claude("settings.json", `{"hooks":{"PostToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"`+filepath.ToSlash(bin)+`"}]}]}}`)
	checks := w.doctor()
	expect(t, checks, "plugin", OK, "registered in settings.json by install.sh")
	expect(t, checks, "hook PostToolUse", OK, "registered by "+filepath.Join(w.home, ".claude", "settings.json"))
	expect(t, checks, "hook PreCompact", Fail, "not registered")
}

func TestEcosystem(t *testing.T) {
	w := newWorld(t)
	// Claude Code keys a project by its path with '/' (C:/… on Windows).
	w.write(filepath.Join(w.home, ".claude.json"), `{"mcpServers":{"Token_Optimizer":{}},
	  "projects":{"`+filepath.ToSlash(w.proj)+`":{"mcpServers":{"claude-context":{}}},"/elsewhere":{"mcpServers":{"context-mode":{}}}}}`)
	w.write(filepath.Join(w.proj, ".mcp.json"), `{"mcpServers":{"code-review-graph":{}}}`)
	w.env["RTK_ENABLED"] = "1"
	w.env["CAVEMAN_MODE"] = "0"
	var names []string
	for _, tool := range Ecosystem(w.options(), "") {
		names = append(names, tool.Name+"@"+filepath.Base(tool.Where))
	}
	got := strings.Join(names, ", ")
	want := "RTK (Rust Token Killer)@$RTK_ENABLED, Code Review Graph@.mcp.json, Token Optimizer MCP@.claude.json, Claude Context@.claude.json"
	if got != want {
		t.Errorf("ecosystem = %s\nwant        %s", got, want)
	}
}

// TestManagedInstall: a plugin that managed settings install from a
// directory marketplace is in no registry file; it loads in place.
func TestManagedInstall(t *testing.T) {
	w := newWorld(t)
	w.installPlugin()
	os.Remove(filepath.Join(w.home, ".claude", "plugins", "installed_plugins.json"))
	w.write(filepath.Join(w.mgd, "managed-settings.d", "90-session-intelligence.json"), `{
	  "extraKnownMarketplaces":{"session-intelligence":{"source":{"source":"directory","path":"`+js(w.mkt)+`"}}},
	  "enabledPlugins":{"session-intelligence@session-intelligence":true}}`)
	checks := w.doctor()
	expect(t, checks, "plugin", OK, "session-intelligence@session-intelligence 0.2.0 (managed scope), loads from "+filepath.Join(w.mkt, "plugins", PluginName))
	expect(t, checks, "hook PostToolUse", OK, "registered by session-intelligence@session-intelligence")
	expect(t, checks, "managed settings", OK, "installed for every user")
}
