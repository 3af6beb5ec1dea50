package wiring

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/cc/settingsjson"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

func setup(t *testing.T, settings string) (Options, string) {
	t.Helper()
	home := t.TempDir()
	dirs, _ := paths.Resolve(func(k string) string { return map[string]string{"HOME": home}[k] })
	src := filepath.Join(home, "plugin", "bin", BinaryName)
	if err := os.MkdirAll(filepath.Dir(src), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(src, []byte("\x7fELF fake binary"), 0o755); err != nil {
		t.Fatal(err)
	}
	o := Options{Dirs: dirs, Source: src, StableIn: filepath.Join(home, "data", "bin")}
	if settings != "" {
		if err := os.MkdirAll(dirs.Claude, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(o.Settings(), []byte(settings), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return o, settings
}

func read(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestWireUnwireRoundTrip(t *testing.T) {
	tests := map[string]string{
		"object":  "{\n    \"model\": \"opus\",\n    \"statusLine\": {\"type\": \"command\", \"command\": \"npx -y ccstatusline@latest\", \"padding\": 2},\n    \"env\": {\"A\": \"\\u00e9\"}\n}\n",
		"string":  "{\"statusLine\": \"~/bin/line.sh\", \"theme\": \"dark\"}",
		"none":    "{\n  \"theme\": \"dark\"\n}\n",
		"missing": "",
	}
	for name, original := range tests {
		t.Run(name, func(t *testing.T) {
			o, _ := setup(t, original)
			res, err := Wire(o)
			if err != nil || !res.Changed || !res.Copied {
				t.Fatalf("Wire = %+v, %v", res, err)
			}
			wired := read(t, o.Settings())
			if !strings.Contains(wired, BinaryName) {
				t.Fatalf("settings not pointed at us:\n%s", wired)
			}
			if name == "object" && (!strings.Contains(wired, `"padding": 2`) || !strings.Contains(wired, `"env": {"A": "\u00e9"}`)) {
				t.Errorf("padding or other keys not kept byte for byte:\n%s", wired)
			}
			rec := Load(o.Dirs)
			if want := map[string]string{"object": "npx -y ccstatusline@latest", "string": "~/bin/line.sh"}[name]; rec.Previous != want {
				t.Errorf("recorded previous %q, want %q", rec.Previous, want)
			}
			again, err := Wire(o)
			if err != nil || again.Changed || again.Copied || read(t, o.Settings()) != wired {
				t.Errorf("second Wire not idempotent: %+v %v", again, err)
			}
			if _, err := Unwire(o); err != nil {
				t.Fatal(err)
			}
			restored := read(t, o.Settings())
			if name == "missing" {
				if strings.Contains(restored, "statusLine") {
					t.Errorf("unwire left a statusLine: %q", restored)
				}
				return
			}
			if restored != original {
				t.Errorf("unwire did not restore the file exactly:\n got %q\nwant %q", restored, original)
			}
		})
	}
}

func TestWireKeepsPreviousAcrossReinstall(t *testing.T) {
	o, _ := setup(t, `{"statusLine":{"type":"command","command":"starship statusline"}}`)
	if _, err := Wire(o); err != nil {
		t.Fatal(err)
	}
	o.StableIn = filepath.Join(filepath.Dir(o.StableIn), "bin2") // a new plugin data dir
	if _, err := Wire(o); err != nil {
		t.Fatal(err)
	}
	if rec := Load(o.Dirs); rec.Previous != "starship statusline" {
		t.Errorf("previous lost on re-wire: %+v", rec)
	}
	if !strings.Contains(read(t, o.Settings()), "bin2") {
		t.Error("settings not moved to the new copy")
	}
}

func TestWireInvalidSettingsChangesNothing(t *testing.T) {
	bad := `{"statusLine": {"command": "x"},,}`
	o, _ := setup(t, bad)
	if _, err := Wire(o); err == nil || !strings.Contains(err.Error(), "settings.json") {
		t.Errorf("Wire on invalid settings: err = %v, want one naming the file", err)
	}
	if read(t, o.Settings()) != bad {
		t.Error("invalid settings.json was modified")
	}
}

func TestQuote(t *testing.T) {
	if got := quote("/home/o'neil/x y/si-statusline"); got != `'/home/o'\''neil/x y/si-statusline'` {
		t.Errorf("quote = %s", got)
	}
}

// TestUnwireGivesBackBlankFile: an existing settings.json that was empty
// or whitespace only is exactly that again after Wire and Unwire, and the
// lock file our edits made is gone. A missing file is not recreated
// empty: it comes back as an object without statusLine.
func TestUnwireGivesBackBlankFile(t *testing.T) {
	tests := []struct {
		name     string
		original *string // nil: no settings.json
		want     string
	}{
		{"empty", ptr(""), ""},
		{"whitespace", ptr("  \n"), "  \n"},
		{"crlf", ptr("\r\n"), "\r\n"},
		{"byte order mark", ptr("\ufeff\n"), "\ufeff\n"},
		{"missing", nil, "{}\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, _ := setup(t, "")
			if tt.original != nil {
				if err := os.MkdirAll(o.Dirs.Claude, 0o700); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(o.Settings(), []byte(*tt.original), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if res, err := Wire(o); err != nil || !res.Changed {
				t.Fatalf("Wire = %+v, %v", res, err)
			}
			if _, err := os.Lstat(o.Settings() + ".lock"); err == nil {
				t.Fatal("Wire left settings.json.lock, where Claude Code takes its lock")
			}
			if changed, err := Unwire(o); err != nil || !changed {
				t.Fatalf("Unwire = %v, %v", changed, err)
			}
			if got := read(t, o.Settings()); got != tt.want {
				t.Errorf("after Unwire settings.json = %q, want %q", got, tt.want)
			}
			if _, err := os.Lstat(o.Settings() + ".lock"); err == nil {
				t.Error("settings.json.lock left after Unwire")
			}
		})
	}
}

// TestUnwireKeepsLaterSettings: a blank file that gained settings since
// the wiring keeps them; only our statusLine goes.
func TestUnwireKeepsLaterSettings(t *testing.T) {
	o, _ := setup(t, "")
	if err := os.MkdirAll(o.Dirs.Claude, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(o.Settings(), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Wire(o); err != nil {
		t.Fatal(err)
	}
	doc, err := settingsjson.Set([]byte(read(t, o.Settings())), true, "enabledPlugins", "x@y")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(o.Settings(), doc, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Unwire(o); err != nil {
		t.Fatal(err)
	}
	if got := read(t, o.Settings()); got != "{\n  \"enabledPlugins\": {\n    \"x@y\": true\n  }\n}\n" {
		t.Errorf("after Unwire settings.json = %q", got)
	}
}

func ptr(s string) *string { return &s }

// TestCopyIsRealAndOutlivesTheSource: the stable copy is a file of its
// own (a chmod of the plugin's file leaves it runnable), a second install
// is a no-op, a hard link an older version made is replaced by a copy,
// one that lost its execute bit is copied again, and the copy survives
// the plugin's folder being deleted.
func TestCopyIsRealAndOutlivesTheSource(t *testing.T) {
	dir := t.TempDir()
	src, dst := filepath.Join(dir, "plugin", "si-statusline"), filepath.Join(dir, "stable", "si-statusline")
	if err := os.MkdirAll(filepath.Dir(src), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(src, []byte("#!/bin/sh\necho v1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if wrote, err := Copy(src, dst); !wrote || err != nil {
		t.Fatalf("Copy = %v, %v", wrote, err)
	}
	a, _ := os.Stat(src)
	b, _ := os.Stat(dst)
	if os.SameFile(a, b) {
		t.Error("the stable copy is a link to the plugin's file")
	}
	if err := os.Chmod(src, 0o644); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(dst); fsutil.PermBits && fi.Mode().Perm() != 0o700 {
		t.Errorf("a chmod of the plugin's file changed the stable copy: %v", fi.Mode().Perm())
	}
	_ = os.Chmod(src, 0o755)
	if wrote, err := Copy(src, dst); wrote || err != nil {
		t.Errorf("second Copy = %v, %v, want a no-op", wrote, err)
	}
	for name, spoil := range map[string]func() error{
		"a hard link of an older version": func() error { _ = os.Remove(dst); return os.Link(src, dst) },
		"not executable any more":         func() error { return os.Chmod(dst, 0o600) },
	} {
		if err := spoil(); err != nil {
			t.Fatal(err)
		}
		if fsutil.PermBits || name != "not executable any more" {
			if wrote, err := Copy(src, dst); !wrote || err != nil {
				t.Errorf("%s: Copy = %v, %v, want a fresh copy", name, wrote, err)
			}
		}
	}
	if err := os.RemoveAll(filepath.Dir(src)); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(dst); err != nil || string(data) != "#!/bin/sh\necho v1\n" {
		t.Errorf("the stable copy did not outlive the plugin: %q, %v", data, err)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(dst), ".*")); len(left) != 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}
