package wiring

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

const plugin = "session-intelligence@session-intelligence"

var gone = func(Record) bool { return true }

// TestRelease: once the plugin is gone the previous statusLine comes
// back byte for byte and the record stays, marked released; a statusLine
// the user changed since stays theirs; a later Wire starts afresh.
func TestRelease(t *testing.T) {
	original := "{\n  \"statusLine\": {\"type\": \"command\", \"command\": \"starship statusline\"},\n  \"theme\": \"dark\"\n}\n"
	tests := []struct {
		name     string
		after    func(t *testing.T, o Options) // what happens between Wire and Release
		want     func(o Options) string        // settings.json after Release
		released bool
		gone     func(Record) bool
	}{
		{name: "previous given back", want: func(Options) string { return original }, released: true, gone: gone},
		{
			name: "user changed statusLine since",
			after: func(t *testing.T, o Options) {
				must(t, os.WriteFile(o.Settings(), []byte(`{"statusLine": {"type": "command", "command": "my-new-line"}}`), 0o600))
			},
			want:     func(Options) string { return `{"statusLine": {"type": "command", "command": "my-new-line"}}` },
			released: true, gone: gone,
		},
		{
			name:     "plugin back by the time the lock is held",
			want:     func(o Options) string { return "" }, // unchanged: still wired
			released: false, gone: func(Record) bool { return false },
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, _ := setup(t, original)
			o.Plugin = plugin
			if _, err := Wire(o); err != nil {
				t.Fatal(err)
			}
			if rec := Load(o.Dirs); rec.Plugin != plugin {
				t.Fatalf("record does not name the plugin: %+v", rec)
			}
			if tt.after != nil {
				tt.after(t, o)
			}
			before := read(t, o.Settings())
			if _, err := Release(o.Dirs, time.Unix(1e9, 0), tt.gone); err != nil {
				t.Fatal(err)
			}
			want := tt.want(o)
			if want == "" {
				want = before
			}
			if got := read(t, o.Settings()); got != want {
				t.Errorf("settings.json after Release:\n got %q\nwant %q", got, want)
			}
			rec := Load(o.Dirs)
			if (rec.Released != "") != tt.released || rec.Previous != "starship statusline" {
				t.Errorf("record after Release = %+v; released want %v", rec, tt.released)
			}
			if _, err := Release(o.Dirs, time.Unix(2e9, 0), tt.gone); err != nil {
				t.Fatal(err)
			}
			if got := read(t, o.Settings()); got != want {
				t.Errorf("a second Release changed settings.json: %q", got)
			}
		})
	}
}

// TestReleaseThenRewire: disabling and re-enabling the plugin: the
// SessionStart after the re-enable wires again, keeping the previous
// statusLine, with no released mark left.
func TestReleaseThenRewire(t *testing.T) {
	o, original := setup(t, `{"statusLine":{"type":"command","command":"starship statusline"}}`)
	o.Plugin = plugin
	if _, err := Wire(o); err != nil {
		t.Fatal(err)
	}
	wired := read(t, o.Settings())
	if _, err := Release(o.Dirs, time.Now(), gone); err != nil {
		t.Fatal(err)
	}
	if read(t, o.Settings()) != original {
		t.Fatalf("not released: %s", read(t, o.Settings()))
	}
	res, err := Wire(o)
	if err != nil || !res.Changed {
		t.Fatalf("rewire = %+v, %v", res, err)
	}
	if read(t, o.Settings()) != wired {
		t.Errorf("rewired settings differ:\n got %s\nwant %s", read(t, o.Settings()), wired)
	}
	if rec := Load(o.Dirs); rec.Released != "" || rec.Previous != "starship statusline" || rec.Plugin != plugin {
		t.Errorf("record after rewire: %+v", rec)
	}
}

// TestWireMigratesToStableDir: an install wired to the plugin's data
// directory (older versions) moves to the stable directory and gains the
// plugin's name, keeping the previous statusLine.
func TestWireMigratesToStableDir(t *testing.T) {
	o, _ := setup(t, `{"statusLine":{"type":"command","command":"starship statusline"}}`)
	if _, err := Wire(o); err != nil { // the old layout: data/bin, no plugin named
		t.Fatal(err)
	}
	o.StableIn, o.Plugin = StableDir(o.Dirs), plugin
	if _, err := Wire(o); err != nil {
		t.Fatal(err)
	}
	// settings.json holds the path with forward slashes on Windows
	// (C:/Users/…), the form Git Bash runs ([Point]).
	moved := filepath.ToSlash(filepath.Join(o.Dirs.State, "bin", proc.Exe(BinaryName)))
	if s := read(t, o.Settings()); !strings.Contains(s, moved) {
		t.Errorf("statusLine not moved to the stable directory:\n%s", s)
	}
	if rec := Load(o.Dirs); rec.Previous != "starship statusline" || rec.Plugin != plugin {
		t.Errorf("record after the move: %+v", rec)
	}
	// Same copy, record lacking the plugin: the record alone is updated.
	rec := Load(o.Dirs)
	rec.Plugin = ""
	must(t, save(o.Dirs, rec))
	before := read(t, o.Settings())
	if res, err := Wire(o); err != nil || res.Changed {
		t.Fatalf("Wire = %+v, %v; want no settings change", res, err)
	}
	if read(t, o.Settings()) != before || Load(o.Dirs).Plugin != plugin {
		t.Errorf("plugin not recorded without a settings change: %+v", Load(o.Dirs))
	}
}

// TestCopyStable: the binaries the plugin has are copied under their
// system's names (si.exe on Windows, as paths.PluginBinary finds them),
// once.
func TestCopyStable(t *testing.T) {
	src := t.TempDir()
	for _, name := range []string{"si", "ai", BinaryName} {
		must(t, os.WriteFile(filepath.Join(src, proc.Exe(name)), []byte("\x7fELF "+name), 0o755))
	}
	find := func(name string) string {
		if p := filepath.Join(src, proc.Exe(name)); fileExists(p) {
			return p
		}
		return ""
	}
	dst := filepath.Join(t.TempDir(), "state", "bin")
	if copied, err := CopyStable(find, dst); err != nil || !copied {
		t.Fatalf("CopyStable = %v, %v", copied, err)
	}
	for _, name := range []string{"si", "ai", BinaryName} {
		if got := read(t, filepath.Join(dst, proc.Exe(name))); got != "\x7fELF "+name {
			t.Errorf("%s = %q", name, got)
		}
	}
	if fileExists(filepath.Join(dst, proc.Exe("si-ail"))) {
		t.Error("a binary the plugin lacks was made up")
	}
	if copied, err := CopyStable(find, dst); err != nil || copied {
		t.Errorf("second CopyStable = %v, %v; want nothing copied", copied, err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
