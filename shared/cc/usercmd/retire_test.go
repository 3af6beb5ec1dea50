package usercmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

const pluginID = "session-intelligence@session-intelligence"

// retireWorld installs the command files for plugin (settings mode when
// ""), with installed as ~/.claude/plugins/installed_plugins.json and
// settings as settings.json ("-": no file).
func retireWorld(t *testing.T, plugin, installed, settings string) (Options, string) {
	t.Helper()
	claude := filepath.Join(t.TempDir(), ".claude")
	bin := filepath.Join(claude, "session-intelligence", "bin")
	for _, name := range []string{"si", "ai"} {
		mustWrite(t, filepath.Join(bin, proc.Exe(name)), "\x7fELF") // si.exe on Windows
	}
	o := Options{Dir: filepath.Join(claude, "commands"), BinDir: bin, State: filepath.Join(claude, "session-intelligence"), Plugin: plugin}
	if _, err := Ensure(o); err != nil {
		t.Fatal(err)
	}
	if installed != "-" {
		mustWrite(t, filepath.Join(claude, "plugins", "installed_plugins.json"), installed)
	}
	if settings != "-" {
		mustWrite(t, filepath.Join(claude, "settings.json"), settings)
	}
	return o, claude
}

func mustWrite(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestRetire(t *testing.T) {
	installed := `{"version": 2, "plugins": {"` + pluginID + `": [{"scope": "user", "installPath": "/x"}]}}`
	tests := []struct {
		name, plugin, installed, settings string
		retired                           bool
	}{
		{"installed and enabled", pluginID, installed, `{"enabledPlugins": {"` + pluginID + `": true}}`, false},
		{"uninstalled", pluginID, `{"version": 2, "plugins": {}}`, `{"enabledPlugins": {}}`, true},
		{"disabled", pluginID, installed, `{"enabledPlugins": {"` + pluginID + `": false}}`, true},
		{"plugins file half written", pluginID, `{"plugins": {`, `{}`, false},
		{"settings mode names no plugin", "", `{"version": 2, "plugins": {}}`, `{}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, claude := retireWorld(t, tt.plugin, tt.installed, tt.settings)
			line, retired := Retire(o, claude)
			if retired != tt.retired {
				t.Fatalf("Retire = %q, %v; want retired %v", line, retired, tt.retired)
			}
			_, err := os.Stat(filepath.Join(o.Dir, "si.md"))
			if !retired {
				if line != "" || err != nil {
					t.Errorf("not retired, yet line %q / si.md: %v", line, err)
				}
				return
			}
			if err == nil {
				t.Error("si.md still there after retiring")
			}
			for _, want := range []string{pluginID, "removed itself", filepath.Join(o.Dir, "si.md"), filepath.Join(o.Dir, "ai.md")} {
				if !strings.Contains(line, want) {
					t.Errorf("line lacks %q: %s", want, line)
				}
			}
			if strings.Contains(line, "\n") {
				t.Errorf("not one line: %q", line)
			}
			// The plugin back: its SessionStart (Force false) installs them
			// again, since retiring is not the user deleting them.
			if changes, err := Ensure(o); err != nil || changes[0].Action != Created {
				t.Errorf("Ensure after retiring = %+v, %v; want created again", changes, err)
			}
		})
	}
}

// TestEnsureRecordsPlugin: files installed before the record named a
// plugin gain it without being rewritten.
func TestEnsureRecordsPlugin(t *testing.T) {
	o, _ := retireWorld(t, "", "-", "-")
	before, _ := os.ReadFile(filepath.Join(o.Dir, "si.md"))
	o.Plugin = pluginID
	if _, err := Ensure(o); err != nil {
		t.Fatal(err)
	}
	if rec := loadRecord(o.State); rec.Plugin != pluginID {
		t.Errorf("record = %+v, want plugin %s", rec, pluginID)
	}
	after, _ := os.ReadFile(filepath.Join(o.Dir, "si.md"))
	if string(after) != string(before) {
		t.Error("si.md rewritten")
	}
}
