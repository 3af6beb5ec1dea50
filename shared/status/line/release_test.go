package line

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/pluginstate"
	"github.com/session-intelligence/session-intelligence/shared/cc/wiring"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

const pluginID = "session-intelligence@session-intelligence"

// wiredFixture is a fixture whose settings.json runs our status line,
// wired by the plugin pluginID over the previous "echo PREV-LINE", with
// installed as Claude Code's installed_plugins.json.
func wiredFixture(t testing.TB, installed string) (*fixture, string) {
	t.Helper()
	f := newFixture(t)
	f.env["NO_COLOR"] = "1"
	f.env["CLAUDE_STATUSLINE_FIELDS"] = "project"
	settings := filepath.Join(f.dirs.Claude, "settings.json")
	original := "{\n  \"statusLine\": {\"type\": \"command\", \"command\": \"echo PREV-LINE\"}\n}\n"
	must(t, os.WriteFile(settings, []byte(original), 0o600))
	stable := filepath.Join(wiring.StableDir(f.dirs), wiring.BinaryName)
	must(t, os.MkdirAll(filepath.Dir(stable), 0o700))
	must(t, os.WriteFile(stable, []byte("\x7fELF"), 0o700))
	if _, err := wiring.Wire(wiring.Options{Dirs: f.dirs, Source: stable, StableIn: filepath.Dir(stable), Plugin: pluginID}); err != nil {
		t.Fatal(err)
	}
	must(t, os.MkdirAll(filepath.Dir(pluginstate.InstalledFile(f.dirs.Claude)), 0o700))
	must(t, os.WriteFile(pluginstate.InstalledFile(f.dirs.Claude), []byte(installed), 0o600))
	return f, original
}

func drawOnce(t testing.TB, f *fixture) string {
	t.Helper()
	var out bytes.Buffer
	payload := []byte(`{"session_id":"x","cwd":"/home/dev/proj","model":{"id":"claude-opus-5-5"}}`)
	if code := Main(nil, IO{IO: proc.IO{Stdin: bytes.NewReader(payload), Stdout: &out, Getenv: f.getenv, Environ: os.Environ, Now: time.Now}}); code != 0 {
		t.Fatalf("Main = %d", code)
	}
	return out.String()
}

const installedJSON = `{"version": 2, "plugins": {"` + pluginID + `": [{"scope": "user", "installPath": "/x"}]}}`

// TestStepAside: while the plugin is installed the redraw is ours and
// the previous line; once it is uninstalled the redraw is the previous
// line alone and settings.json has its old statusLine back, byte for
// byte; redraws that still reach us stay that way.
func TestStepAside(t *testing.T) {
	gitBash(t)
	f, original := wiredFixture(t, installedJSON)
	if got := drawOnce(t, f); got != "proj\nPREV-LINE\n" {
		t.Fatalf("redraw while installed = %q", got)
	}
	must(t, os.WriteFile(pluginstate.InstalledFile(f.dirs.Claude), []byte(`{"version": 2, "plugins": {}}`), 0o600))
	if got := drawOnce(t, f); got != "PREV-LINE\n" {
		t.Errorf("redraw after the uninstall = %q, want the previous line alone", got)
	}
	if got := readText(t, filepath.Join(f.dirs.Claude, "settings.json")); got != original {
		t.Errorf("settings.json not given back:\n got %q\nwant %q", got, original)
	}
	if got := drawOnce(t, f); got != "PREV-LINE\n" {
		t.Errorf("a later redraw = %q", got)
	}
	if !strings.Contains(logText(t, f), "previous statusLine restored") {
		t.Error("the release was not logged")
	}
}

// TestNoPluginNamed: settings mode and --plugin-dir wiring name no
// plugin, so an empty plugin list changes nothing.
func TestNoPluginNamed(t *testing.T) {
	gitBash(t)
	f, _ := wiredFixture(t, `{"version": 2, "plugins": {}}`)
	rec := wiring.Load(f.dirs)
	rec.Plugin = ""
	data := []byte(`{"previous":"echo PREV-LINE","hadPrevious":true,"binary":"` + rec.Binary + `"}`)
	must(t, os.WriteFile(wiring.File(f.dirs), data, 0o600))
	if got := drawOnce(t, f); got != "proj\nPREV-LINE\n" {
		t.Errorf("redraw = %q", got)
	}
}

func readText(t testing.TB, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	must(t, err)
	return string(data)
}

func logText(t testing.TB, f *fixture) string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(f.dirs.Logs, "session-intel-*.log"))
	var b strings.Builder
	for _, p := range files {
		b.WriteString(readText(t, p))
	}
	return b.String()
}

// BenchmarkRedrawPluginCheck is a whole redraw with the plugin check
// (the record names the plugin) and without, to show what it adds.
func BenchmarkRedrawPluginCheck(b *testing.B) {
	for _, named := range []bool{false, true} {
		name := map[bool]string{false: "none", true: "plugin"}[named]
		b.Run(name, func(b *testing.B) {
			f, _ := wiredFixture(b, installedJSON)
			f.env["CLAUDE_STATUSLINE_NO_PREV"] = "1" // no shell: measure our part
			if !named {
				rec := wiring.Load(f.dirs)
				must(b, os.WriteFile(wiring.File(f.dirs), []byte(`{"binary":"`+rec.Binary+`"}`), 0o600))
			}
			payload := []byte(`{"session_id":"x","cwd":"/home/dev/proj","model":{"id":"claude-opus-5-5"}}`)
			env := IO{IO: proc.IO{Stdout: io.Discard, Getenv: f.getenv, Environ: os.Environ, Now: time.Now}}
			for b.Loop() {
				env.Stdin = bytes.NewReader(payload)
				Main(nil, env)
			}
		})
	}
}
