package bootstrap

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/testkit/filemode"
	"github.com/session-intelligence/session-intelligence/templates"
)

func TestSeedConfig(t *testing.T) {
	const mine = `{"debug":{"enabled":true}}`
	tests := []struct {
		name   string
		setup  func(t *testing.T, d paths.Dirs)
		seeded bool
		check  func(t *testing.T, d paths.Dirs)
	}{
		{name: "missing", seeded: true},
		{name: "claude dir missing", seeded: true,
			setup: func(t *testing.T, d paths.Dirs) { _ = os.RemoveAll(d.Claude) }},
		{name: "existing file untouched",
			setup: func(t *testing.T, d paths.Dirs) { writeFile(t, d.Config(), mine); age(t, d.Config()) },
			check: func(t *testing.T, d paths.Dirs) {
				untouched(t, d.Config())
				if got := readFile(t, d.Config()); got != mine {
					t.Errorf("existing config now %q, want %q", got, mine)
				}
			}},
		{name: "empty existing file untouched",
			setup: func(t *testing.T, d paths.Dirs) { writeFile(t, d.Config(), ""); age(t, d.Config()) },
			check: func(t *testing.T, d paths.Dirs) { untouched(t, d.Config()) }},
		{name: "dangling symlink untouched",
			setup: func(t *testing.T, d paths.Dirs) {
				symlink(t, filepath.Join(d.Claude, "nowhere.json"), d.Config())
			},
			check: func(t *testing.T, d paths.Dirs) {
				if fi, err := os.Lstat(d.Config()); err != nil || fi.Mode()&os.ModeSymlink == 0 {
					t.Errorf("symlink replaced: %v", err)
				}
				if _, err := os.Stat(filepath.Join(d.Claude, "nowhere.json")); err == nil {
					t.Error("symlink target written")
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := testDirs(t)
			if tt.setup != nil {
				tt.setup(t, d)
			}
			seeded, err := SeedConfig(d)
			if err != nil || seeded != tt.seeded {
				t.Fatalf("SeedConfig() = %v, %v; want %v, nil", seeded, err, tt.seeded)
			}
			if tt.check == nil {
				checkSeeded(t, d.Config(), templates.Config())
			} else {
				tt.check(t, d)
			}
		})
	}
}

// checkSeeded checks content and mode of a seeded config.
func checkSeeded(t *testing.T, path string, want []byte) {
	t.Helper()
	if got := readFile(t, path); got != string(want) {
		t.Errorf("seeded config differs from what was expected:\n%s", got)
	}
	filemode.Check(t, path, 0o600)
}

// TestSeedConfigOnce: a second seed, or a seed after the user edited the
// file, never writes.
func TestSeedConfigOnce(t *testing.T) {
	d := testDirs(t)
	if seeded, err := SeedConfig(d); !seeded || err != nil {
		t.Fatalf("first SeedConfig() = %v, %v", seeded, err)
	}
	writeFile(t, d.Config(), "{\"statusline\":{\"preset\":\"minimal\"}}\n")
	age(t, d.Config())
	for range 2 {
		if seeded, err := SeedConfig(d); seeded || err != nil {
			t.Errorf("repeat SeedConfig() = %v, %v; want false, nil", seeded, err)
		}
	}
	untouched(t, d.Config())
	if got := readFile(t, d.Config()); !strings.Contains(got, "minimal") {
		t.Errorf("user config overwritten: %q", got)
	}
}

// TestSeedConfigKeepsLegacy: with a legacy statusline-intel.json the
// seeded file must not override its status-line settings.
func TestSeedConfigKeepsLegacy(t *testing.T) {
	d := testDirs(t)
	writeFile(t, d.LegacyConfig(), `{"preset":"minimal","zones":{"yellow":90000,"orange":120000,"red":150000}}`)
	if seeded, err := SeedConfig(d); !seeded || err != nil {
		t.Fatalf("SeedConfig() = %v, %v", seeded, err)
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal([]byte(readFile(t, d.Config())), &doc); err != nil {
		t.Fatalf("seeded config is not JSON: %v", err)
	}
	if _, ok := doc["statusline"]; ok {
		t.Error("seeded config has a statusline section despite the legacy file")
	}
	if _, ok := doc["compact"]; !ok {
		t.Error("seeded config lost its other sections")
	}
	cfg, probs := config.Load(config.Files{Legacy: d.LegacyConfig(), Unified: d.Config()}, func(string) string { return "" })
	if len(probs) > 0 || cfg.Statusline.Preset != "minimal" || cfg.Statusline.Zones.Orange != 120000 {
		t.Errorf("effective statusline = %+v (problems %v); want the legacy settings", cfg.Statusline, probs)
	}
}

func TestWithoutKey(t *testing.T) {
	tests := []struct {
		name, in, drop, want string
	}{
		{"middle", `{"a": 1, "b": {"x": [1, 2]}, "c": "s"}`, "b", "{\n  \"a\": 1,\n  \"c\": \"s\"\n}\n"},
		{"first", `{"b": 2, "a": 1}`, "b", "{\n  \"a\": 1\n}\n"},
		{"absent", `{"a": 1}`, "b", "{\n  \"a\": 1\n}\n"},
		{"layout kept", "{\"a\": {\n    \"x\": 1\n  }}", "b", "{\n  \"a\": {\n    \"x\": 1\n  }\n}\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := withoutKey([]byte(tt.in), tt.drop)
			if err != nil || string(got) != tt.want {
				t.Errorf("withoutKey(%s, %q) = %q, %v; want %q", tt.in, tt.drop, got, err, tt.want)
			}
		})
	}
	if _, err := withoutKey([]byte(`[1]`), "a"); err == nil {
		t.Error("withoutKey(array) succeeded")
	}
	got, err := withoutKey(templates.Config(), "statusline")
	if err != nil || !json.Valid(got) || bytes.Contains(got, []byte(`"statusline"`)) {
		t.Errorf("withoutKey(template) = %s, %v", got, err)
	}
}
