package installer

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/cc/settingsjson"
	"github.com/session-intelligence/session-intelligence/shared/cc/wiring"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/testkit/refdata"
)

// hookBinary finds the binaries hooks.json runs, launched names the
// ones it runs through the launcher ("…/si-hook" pre-compact).
var (
	hookBinary = regexp.MustCompile(`si-[a-z-]+`)
	launched   = regexp.MustCompile(`si-hook\\?" ([a-z-]+)`)
)

// elf is enough of a native binary for paths.PluginBinary (not "#!").
var elf = []byte("\x7fELF fake binary")

// scratch is a HOME and a built plugin directory.
type scratch struct {
	opts     Options
	settings string
}

// newScratch makes a plugin directory with the repository's hooks.json
// and fake binaries, and a HOME with ~/.claude.
func newScratch(t *testing.T) scratch {
	t.Helper()
	root := t.TempDir()
	plugin := filepath.Join(root, "plugin")
	must(t, os.MkdirAll(filepath.Join(plugin, "bin"), 0o755))
	must(t, os.MkdirAll(filepath.Join(plugin, "hooks"), 0o755))
	hooks, err := os.ReadFile(filepath.Join(refdata.RepoRoot(t), "plugin", "plugins", "session-intelligence", "hooks", "hooks.json"))
	must(t, err)
	must(t, os.WriteFile(filepath.Join(plugin, "hooks", "hooks.json"), hooks, 0o644))
	// Every binary the plugin's hooks run, plus si and the status line.
	names := append([]string{"si", "si-statusline"}, hookBinary.FindAllString(string(hooks), -1)...)
	for _, m := range launched.FindAllStringSubmatch(string(hooks), -1) {
		names = append(names, "si-"+m[1])
	}
	// Named as the build names them: si-stop.exe on Windows; the
	// launcher, a script, is written below.
	for _, name := range names {
		if name == hookio.Launcher {
			continue
		}
		must(t, os.WriteFile(filepath.Join(plugin, "bin", proc.Exe(name)), append(slices.Clone(elf), name...), 0o755))
	}
	launcher, err := os.ReadFile(filepath.Join(refdata.RepoRoot(t), "scripts", "si-hook.sh"))
	must(t, err)
	must(t, os.WriteFile(filepath.Join(plugin, "bin", hookio.Launcher), launcher, 0o755))
	home := filepath.Join(root, "home")
	dirs, err := paths.Resolve(func(k string) string { return map[string]string{"HOME": home}[k] })
	must(t, err)
	must(t, os.MkdirAll(dirs.Claude, 0o700))
	o := Options{Dirs: dirs, From: plugin, Goos: runtime.GOOS, Goarch: runtime.GOARCH, WireStatusBar: true}
	return scratch{opts: o, settings: o.Settings()}
}

func (s scratch) install(t *testing.T) *Plan {
	t.Helper()
	p, err := Prepare(s.opts)
	must(t, err)
	if _, err := p.Apply(); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestRoundTrip: install registers the hooks and the status line, a
// second install changes nothing, and uninstall gives settings.json back
// byte for byte, whatever its layout.
func TestRoundTrip(t *testing.T) {
	tests := []struct {
		name     string
		settings *string // nil: no settings.json
	}{
		{"no file", nil},
		{"empty object", ptr("{}\n")},
		{"compact", ptr(`{"theme":"dark","env":{"A":"1"}}`)},
		{"pretty with status line", ptr("{\n  \"theme\": \"dark\",\n  \"statusLine\": {\"type\": \"command\", \"command\": \"echo MINE\", \"padding\": 1},\n  \"model\": \"opus\"\n}\n")},
		{"tabs and crlf", ptr("{\r\n\t\"theme\": \"light\",\r\n\t\"permissions\": {\r\n\t\t\"allow\": [\"Bash(ls:*)\"]\r\n\t}\r\n}\r\n")},
		{"own hooks", ptr(`{
    "hooks": {
        "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}],
        "PostToolUse": [
            {"matcher": "Edit", "hooks": [{"type": "command", "command": "prettier --write", "timeout": 5}]}
        ]
    },
    "theme": "dark"
}
`)},
		{"empty hooks", ptr("{\n  \"hooks\": {}\n}\n")},
		{"empty file", ptr("")},
		{"whitespace only", ptr("  \n")},
		{"byte order mark", ptr("\ufeff{\n  \"theme\": \"dark\"\n}\n")},
		{"byte order mark only", ptr("\ufeff\r\n")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newScratch(t)
			if tt.settings != nil {
				must(t, os.WriteFile(s.settings, []byte(*tt.settings), 0o600))
			}
			s.install(t)
			installed := read(t, s.settings)
			for _, want := range []string{"si-session-start", "si-post-tool-use", "si-hook\\\" pre-compact", "si-statusline"} {
				if !strings.Contains(installed, commandPath(s.opts.BinDir())+"/"+want) {
					t.Errorf("settings.json does not run %s:\n%s", want, installed)
				}
			}
			for _, name := range []string{hookio.Launcher, proc.Exe("si-pre-compact")} {
				if !isExecutable(filepath.Join(s.opts.BinDir(), name)) {
					t.Errorf("%s is not installed beside the hooks that run it", name)
				}
			}
			// What doctor checks: statusLine runs a program that is there
			// (si-statusline.exe on Windows).
			if line := wiring.Load(s.opts.Dirs).Binary; !isExecutable(line) || !strings.Contains(installed, line) {
				t.Errorf("statusLine runs %q, which is not an installed program", line)
			}
			if tt.settings != nil && strings.Contains(*tt.settings, "prettier") && !strings.Contains(installed, "prettier --write") {
				t.Errorf("the user's own hook was lost:\n%s", installed)
			}
			again, err := Prepare(s.opts)
			must(t, err)
			if again.Changes() {
				t.Errorf("second install would change something: binaries %v, settings diff %v, commands %+v, on PATH %+v", again.Binaries, string(again.Old) != string(again.New), again.Commands, again.OnPath.Changes)
			}
			if _, err := again.Apply(); err != nil || read(t, s.settings) != installed {
				t.Errorf("second install changed settings.json (err %v)", err)
			}

			if _, err := Uninstall(s.opts.Dirs); err != nil {
				t.Fatal(err)
			}
			after, err := os.ReadFile(s.settings)
			switch {
			case tt.settings == nil && err == nil:
				t.Errorf("settings.json the install created is left:\n%s", after)
			case tt.settings != nil && string(after) != *tt.settings:
				t.Errorf("settings.json not restored byte for byte:\n got %q\nwant %q", after, *tt.settings)
			}
			for _, gone := range []string{s.opts.BinDir(), manifestPath(s.opts.Dirs), filepath.Join(s.opts.CommandDir(), "si.md"), filepath.Join(s.opts.Dirs.State, "statusline.json"), s.settings + ".lock"} {
				if _, err := os.Stat(gone); err == nil {
					t.Errorf("%s left after uninstall", gone)
				}
			}
		})
	}
}

// TestUninstallKeepsLaterUserHooks: hooks the user added after the
// install stay; only ours go.
func TestUninstallKeepsLaterUserHooks(t *testing.T) {
	s := newScratch(t)
	s.install(t)
	doc, err := settingsjson.Set([]byte(read(t, s.settings)), []any{map[string]any{"hooks": []any{map[string]any{"type": "command", "command": "my-linter"}}}}, "hooks", "Stop")
	must(t, err)
	must(t, os.WriteFile(s.settings, doc, 0o600))
	if _, err := Uninstall(s.opts.Dirs); err != nil {
		t.Fatal(err)
	}
	after := read(t, s.settings)
	if !strings.Contains(after, "my-linter") || strings.Contains(after, commandPath(s.opts.BinDir())) {
		t.Errorf("after uninstall:\n%s", after)
	}
}

// TestRefusals: bad settings.json and a plugin install stop Prepare with
// the file (and line or key) named, and nothing is written.
func TestRefusals(t *testing.T) {
	tests := []struct {
		name, settings, want string
	}{
		{"invalid json", "{\n  \"theme\": \"dark\",,\n}\n", "line 2"},
		{"not an object", "[1, 2]\n", "settings.json"},
		{"hooks not an object", `{"hooks": [1]}`, "hooks: expected an object of events, found an array"},
		{"event not an array", `{"hooks": {"PostToolUse": {"matcher": "*"}}}`, "hooks.PostToolUse: expected an array of hook groups, found an object"},
		{"plugin enabled", `{"enabledPlugins": {"session-intelligence@session-intelligence": true}}`, "enabled as a plugin"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newScratch(t)
			must(t, os.WriteFile(s.settings, []byte(tt.settings), 0o600))
			_, err := Prepare(s.opts)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "settings.json") {
				t.Fatalf("Prepare error = %v, want one naming settings.json and %q", err, tt.want)
			}
			if got := read(t, s.settings); got != tt.settings {
				t.Errorf("settings.json changed: %q", got)
			}
			if entries, _ := os.ReadDir(s.opts.Dirs.Claude); len(entries) != 1 {
				t.Errorf("files written next to settings.json: %v", entries)
			}
		})
	}
}

// TestMissingHookBinary: a half-built plugin (a hook's binary missing)
// is refused before anything is written.
func TestMissingHookBinary(t *testing.T) {
	s := newScratch(t)
	must(t, os.Remove(filepath.Join(s.opts.From, "bin", proc.Exe("si-pre-compact"))))
	_, err := Prepare(s.opts)
	if err == nil || !strings.Contains(err.Error(), "PreCompact runs si-pre-compact, which is not in") {
		t.Fatalf("Prepare error = %v", err)
	}
}

// TestPlanWritesNothing: Prepare (what --dry-run prints) touches no file.
func TestPlanWritesNothing(t *testing.T) {
	s := newScratch(t)
	orig := "{\"theme\": \"dark\"}\n"
	must(t, os.WriteFile(s.settings, []byte(orig), 0o600))
	p, err := Prepare(s.opts)
	must(t, err)
	var out bytes.Buffer
	p.DryRun(&out)
	for _, want := range []string{"Dry run", "+++ " + s.settings, `-{"theme": "dark"}`, `"hooks": {"SessionStart":`, "si-statusline", filepath.Join(s.opts.CommandDir(), "si.md")} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("dry run output lacks %q:\n%s", want, out.String())
		}
	}
	if entries, _ := os.ReadDir(s.opts.Dirs.Claude); len(entries) != 1 || read(t, s.settings) != orig {
		t.Errorf("Prepare wrote something: %v", entries)
	}
}

// TestNoStatusLine: with statusline.autoWire=false only the hooks go in,
// and uninstall still gives the file back exactly, blank ones included.
func TestNoStatusLine(t *testing.T) {
	tests := map[string]string{
		"own status line": `{"statusLine": {"type": "command", "command": "starship"}}`,
		"empty file":      "",
		"whitespace only": "\t\n\n",
	}
	for name, orig := range tests {
		t.Run(name, func(t *testing.T) {
			s := newScratch(t)
			s.opts.WireStatusBar = false
			must(t, os.WriteFile(s.settings, []byte(orig), 0o600))
			s.install(t)
			raw, _ := settingsjson.Get([]byte(read(t, s.settings)), "statusLine")
			if orig != "" && strings.Contains(orig, "starship") != strings.Contains(string(raw), "starship") {
				t.Errorf("statusLine changed: %s", raw)
			}
			if _, err := Uninstall(s.opts.Dirs); err != nil || read(t, s.settings) != orig {
				t.Errorf("uninstall: %v\n%q", err, read(t, s.settings))
			}
		})
	}
}

// TestUninstallLockFile: the lock file of settings.json goes with the
// uninstall, with or without an install record, but only when nothing
// holds it; Claude Code's own lock directory is never touched.
func TestUninstallLockFile(t *testing.T) {
	tests := []struct {
		name    string
		install bool
		claude  bool // Claude Code's lock directory instead of our file
		removed bool
	}{
		{"settings mode, an old version's flock file", true, false, true},
		{"no install record, an old version's flock file", false, false, true},
		{"Claude Code's lock", false, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newScratch(t)
			lockPath := s.settings + ".lock"
			if tt.install {
				s.install(t)
			} else if _, _, err := settingsjson.Edit(s.settings, func(doc []byte) ([]byte, error) {
				return settingsjson.Set(doc, "dark", "theme")
			}); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Lstat(lockPath); err == nil {
				t.Fatal("an edit left settings.json.lock, where Claude Code takes its lock")
			}
			if tt.claude {
				must(t, os.Mkdir(lockPath, 0o755))
			} else {
				must(t, os.WriteFile(lockPath, nil, 0o600)) // as versions before the lock directory left it
			}
			out, err := Uninstall(s.opts.Dirs)
			must(t, err)
			_, statErr := os.Stat(lockPath)
			// The uninstall's own edit of settings.json may clear the old
			// file before the final sweep does; either way it is gone.
			if gone := statErr != nil; gone != tt.removed || !tt.removed && slices.Contains(out.Files, lockPath) {
				t.Errorf("lock removed = %v (reported: %v), want %v", gone, out.Files, tt.removed)
			}
		})
	}
}

// TestReleaseLayout: from a release folder the native binaries of
// bin/<os>-<arch>/ are installed, never the launcher scripts.
func TestReleaseLayout(t *testing.T) {
	s := newScratch(t)
	bin := filepath.Join(s.opts.From, "bin")
	native := filepath.Join(bin, runtime.GOOS+"-"+runtime.GOARCH)
	must(t, os.MkdirAll(native, 0o755))
	entries, _ := os.ReadDir(bin)
	for _, e := range entries {
		if e.Type().IsRegular() {
			must(t, os.Rename(filepath.Join(bin, e.Name()), filepath.Join(native, e.Name())))
			must(t, os.WriteFile(filepath.Join(bin, e.Name()), []byte("#!/bin/sh\nexit 0\n"), 0o755))
		}
	}
	s.install(t)
	got, err := os.ReadFile(filepath.Join(s.opts.BinDir(), proc.Exe("si-post-tool-use")))
	must(t, err)
	if !bytes.HasPrefix(got, elf) {
		t.Errorf("installed a launcher instead of the native binary: %q", got)
	}
}

func TestReadOnlyConfigDir(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes into read-only directories")
	}
	if runtime.GOOS == "windows" {
		// chmod sets only the read-only attribute, which Windows ignores
		// on a folder: whether it may be written is the ACL's to say.
		t.Skip("a folder's mode does not make it read-only on Windows")
	}
	s := newScratch(t)
	orig := "{}\n"
	must(t, os.WriteFile(s.settings, []byte(orig), 0o600))
	must(t, os.Chmod(s.opts.Dirs.Claude, 0o500))
	t.Cleanup(func() { os.Chmod(s.opts.Dirs.Claude, 0o700) })
	p, err := Prepare(s.opts)
	must(t, err)
	_, err = p.Apply()
	if err == nil || !strings.Contains(err.Error(), "not writable") || !strings.Contains(err.Error(), "nothing was changed") {
		t.Fatalf("Apply error = %v", err)
	}
	if read(t, s.settings) != orig {
		t.Error("settings.json changed")
	}
}

func ptr(s string) *string { return &s }

func read(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	must(t, err)
	return string(data)
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
