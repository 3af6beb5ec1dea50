package pluginstate

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

const id = "session-intelligence@session-intelligence"

// installedV2 is installed_plugins.json as Claude Code 2.1.332 writes it
// after `claude plugin install` (copied from a scratch HOME, paths
// shortened).
const installedV2 = `{
  "version": 2,
  "plugins": {
    "session-intelligence@session-intelligence": [
      {
        "scope": "user",
        "installPath": "CLAUDE/plugins/cache/session-intelligence/session-intelligence/0.1.0",
        "version": "0.1.0",
        "installedAt": "2026-12-01T21:59:56.336Z",
        "lastUpdated": "2026-12-01T21:59:56.336Z"
      }
    ]
  }
}`

func world(t *testing.T, installed, settings string) paths.Dirs {
	t.Helper()
	home := t.TempDir()
	d, err := paths.Resolve(func(k string) string { return map[string]string{"HOME": home}[k] })
	if err != nil {
		t.Fatal(err)
	}
	write := func(path, data string) {
		if data == "-" {
			return
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			t.Fatal(err)
		}
		data = inClaude(data, d.Claude)
		if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(InstalledFile(d.Claude), installed)
	write(SettingsFile(d.Claude), settings)
	return d
}

// claudePath is a JSON string naming a path under the Claude directory.
var claudePath = regexp.MustCompile(`"CLAUDE([^"]*)"`)

// inClaude puts claude in place of the fixture's CLAUDE, in the form
// Claude Code writes there: a JSON string of the system's path, which on
// Windows has '\' separators, each written "\\".
func inClaude(data, claude string) string {
	return claudePath.ReplaceAllStringFunc(data, func(m string) string {
		rest := claudePath.FindStringSubmatch(m)[1]
		b, err := json.Marshal(claude + filepath.FromSlash(rest))
		if err != nil {
			panic(err)
		}
		return string(b)
	})
}

func TestRead(t *testing.T) {
	tests := []struct {
		name                string
		installed, settings string
		want                Status
		ok                  bool
	}{
		{"installed and enabled", installedV2, `{"enabledPlugins": {"` + id + `": true}}`, Status{Installed: true}, true},
		{"installed, no enabledPlugins key", installedV2, `{}`, Status{Installed: true}, true},
		{"disabled", installedV2, `{"enabledPlugins": {"` + id + `": false}}`, Status{Installed: true, Disabled: true}, true},
		// What `claude plugin uninstall` leaves.
		{"uninstalled", `{"version": 2, "plugins": {}}`, `{"enabledPlugins": {}}`, Status{}, true},
		{"no plugins file", "-", `{}`, Status{}, true},
		{"version 1 object", `{"version": 1, "plugins": {"` + id + `": {"installPath": "/x"}}}`, `{}`, Status{Installed: true}, true},
		{"another plugin only", `{"plugins": {"other@m": [{"installPath": "/x"}]}}`, `{}`, Status{}, true},
		{"half-written plugins file", `{"version": 2, "plu`, `{}`, Status{Installed: true}, false},
		{"broken settings disable nothing", installedV2, `{"enabledPlugins": `, Status{Installed: true}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := world(t, tt.installed, tt.settings)
			got, ok := Read(d.Claude, id)
			if got != tt.want || ok != tt.ok {
				t.Errorf("Read = %+v, %v; want %+v, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestOwner(t *testing.T) {
	d := world(t, installedV2, "{}")
	cache := filepath.Join(d.Claude, "plugins", "cache", "session-intelligence", "session-intelligence")
	data := filepath.Join(d.Claude, "plugins", "data")
	tests := []struct {
		name, root, data, id string
	}{
		{"the installed copy", filepath.Join(cache, "0.1.0"), "", id},
		{"unclean path", filepath.Join(cache, "0.1.0") + "/", "", id},
		// A directory marketplace's plugin runs from that directory (seen
		// with Claude Code 2.1.332); its data directory names it.
		{"directory marketplace", "/src/checkout/plugin/plugins/session-intelligence", filepath.Join(data, "session-intelligence-session-intelligence"), id},
		{"--plugin-dir", "/src/checkout/plugin/plugins/session-intelligence", filepath.Join(data, "session-intelligence-inline"), ""},
		{"a data dir elsewhere", "/src/x", "/elsewhere/session-intelligence-session-intelligence", ""},
		{"an orphaned older version", filepath.Join(cache, "0.0.9"), "", ""},
	}
	if runtime.GOOS == "windows" { // either separator names the same folder there
		tests = append(tests, struct{ name, root, data, id string }{"forward slashes", filepath.ToSlash(filepath.Join(cache, "0.1.0")), "", id})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, ok := Owner(d.Claude, tt.root, tt.data); got != tt.id || !ok {
				t.Errorf("Owner(%s, %s) = %q, %v; want %q", tt.root, tt.data, got, ok, tt.id)
			}
		})
	}
	must(t, os.WriteFile(InstalledFile(d.Claude), []byte(`{"plugins": {`), 0o600))
	if _, ok := Owner(d.Claude, filepath.Join(cache, "0.1.0"), ""); ok {
		t.Error("Owner trusted a half-written plugins file")
	}
}

// TestActiveCache: the answer is cached by the files' stamps; a change
// of either file is noticed at once, an untrustworthy file is not cached.
func TestActiveCache(t *testing.T) {
	d := world(t, installedV2, `{"enabledPlugins": {"`+id+`": true}}`)
	if !Active(d, id) {
		t.Fatal("installed and enabled plugin not active")
	}
	if cached, _ := os.ReadDir(filepath.Join(d.Cache(), CacheDir)); len(cached) != 1 {
		t.Fatalf("answer not cached as one file: %v", cached)
	}
	// Same size and time, other content: the cached answer stands, which
	// shows that no file was read.
	settings := SettingsFile(d.Claude)
	fi, _ := os.Stat(settings)
	disabled := `{"enabledPlugins": {"` + id + `":false}}`
	must(t, os.WriteFile(settings, []byte(disabled), 0o600))
	must(t, os.Chtimes(settings, fi.ModTime(), fi.ModTime()))
	if !Active(d, id) {
		t.Error("the cached answer was not used for unchanged stamps")
	}
	// A real change (new mtime): disabled.
	must(t, os.Chtimes(settings, fi.ModTime().Add(time.Second), fi.ModTime().Add(time.Second)))
	if Active(d, id) {
		t.Error("disabling was not noticed")
	}
	must(t, os.WriteFile(InstalledFile(d.Claude), []byte(`{"version": 2, "plu`), 0o600))
	must(t, os.WriteFile(settings, []byte(`{}`), 0o600))
	if !Active(d, id) {
		t.Error("a half-written plugins file must count as no news (active)")
	}
	must(t, os.WriteFile(InstalledFile(d.Claude), []byte(`{"version": 2, "plugins": {}}`), 0o600))
	if Active(d, id) {
		t.Error("uninstalling was not noticed after an untrustworthy read")
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// BenchmarkActiveCached is the status line's cost per redraw while the
// plugin stays installed.
func BenchmarkActiveCached(b *testing.B) {
	home := b.TempDir()
	d, _ := paths.Resolve(func(k string) string { return map[string]string{"HOME": home}[k] })
	_ = os.MkdirAll(filepath.Join(d.Claude, "plugins"), 0o700)
	_ = os.WriteFile(InstalledFile(d.Claude), []byte(inClaude(installedV2, d.Claude)), 0o600)
	_ = os.WriteFile(SettingsFile(d.Claude), []byte(`{"enabledPlugins": {"`+id+`": true}}`), 0o600)
	Active(d, id)
	b.ResetTimer()
	for b.Loop() {
		if !Active(d, id) {
			b.Fatal("not active")
		}
	}
}
