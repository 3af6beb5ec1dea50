package usercmd

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/cc/usercmd/commands"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/testkit/filemode"
)

func siFile(t *testing.T) commands.File {
	t.Helper()
	for _, f := range commands.All() {
		if f.Name == "si" {
			return f
		}
	}
	t.Fatal("no si command file embedded")
	return commands.File{}
}

func TestRender(t *testing.T) {
	f := siFile(t)
	// Windows's binary directories have a drive letter and '\' separators;
	// the command names them with '/' all the same (see Render).
	vol := ""
	if runtime.GOOS == "windows" {
		vol = "C:"
	}
	dir := func(p string) string { return filepath.FromSlash(vol + p) }
	tests := []struct {
		name, bin string
		wantErr   string
	}{
		{"plain", dir("/home/me/.claude/session-intelligence/bin"), ""},
		{"trailing slash", dir("/home/me/bin/"), ""},
		{"space", dir("/home/my user/.claude/bin"), ""},
		{"relative", "bin", "not absolute"},
		{"double quote", dir(`/home/a"b/bin`), "quote"},
		{"single quote", dir("/home/o'neil/bin"), "quote"},
		{"dollar", dir("/home/$USER/bin"), "quote"},
		{"backtick", dir("/home/`x`/bin"), "quote"},
		{"newline", dir("/home/a\nb/bin"), "newline"},
	}
	if runtime.GOOS == "windows" { // a path rooted on no drive is relative there
		tests = append(tests, struct{ name, bin, wantErr string }{"no drive", `\home\me\bin`, "not absolute"})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := Render(f, tt.bin)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Render(%q) error = %v, want one about %q", tt.bin, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			text := string(out)
			bin := strings.TrimSuffix(filepath.ToSlash(tt.bin), "/")
			for _, want := range []string{
				"---\n" + Marker + "\n",
				`allowed-tools: 'Bash(set -f), Bash("` + bin + `/si":*)'`,
				"!`set -f; \"" + bin + "/si\" slash --session \"${CLAUDE_SESSION_ID}\" -- $ARGUMENTS`",
			} {
				if !strings.Contains(text, want) {
					t.Errorf("rendered file lacks %q:\n%s", want, text)
				}
			}
			if strings.Contains(text, commands.BinPlaceholder) || strings.Contains(text, "//si") {
				t.Errorf("placeholder or double slash left:\n%s", text)
			}
			if !Ours(out) {
				t.Error("Ours(rendered) = false")
			}
		})
	}
}

// TestPluginFile: the plugin's own copy runs the binary through the
// placeholder, with the same rule in allowed-tools and the injection.
func TestPluginFile(t *testing.T) {
	text := string(siFile(t).Text)
	for _, want := range []string{
		`allowed-tools: 'Bash(set -f), Bash("${CLAUDE_PLUGIN_ROOT}/bin/si":*)'`,
		"!`set -f; \"${CLAUDE_PLUGIN_ROOT}/bin/si\" slash --session \"${CLAUDE_SESSION_ID}\" -- $ARGUMENTS`",
		"YES", "--yes", "restart",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("commands/si.md lacks %q", want)
		}
	}
	if Ours([]byte(text)) {
		t.Error("the plugin's file carries the user-copy marker")
	}
}

func TestOurs(t *testing.T) {
	tests := []struct {
		name, text string
		want       bool
	}{
		{"marker", "---\n" + Marker + "\ndescription: x\n---\nbody\n", true},
		{"crlf", "---\r\n" + Marker + "\r\ndescription: x\r\n---\r\n", false},
		{"no marker", "---\ndescription: x\n---\nbody\n", false},
		{"marker in body", "---\ndescription: x\n---\n" + Marker + "\n", false},
		{"no front matter", Marker + "\n", false},
		{"unclosed", "---\n" + Marker + "\n", false},
		{"empty", "", false},
	}
	for _, tt := range tests {
		if got := Ours([]byte(tt.text)); got != tt.want {
			t.Errorf("%s: Ours = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// world is a scratch ~/.claude with the si binary installed.
type world struct {
	opts Options
	path string
}

func newWorld(t *testing.T, withBinary bool) world {
	t.Helper()
	root := t.TempDir()
	o := Options{Dir: filepath.Join(root, "commands"), BinDir: filepath.Join(root, "bin"), State: filepath.Join(root, "state")}
	if withBinary {
		must(t, os.MkdirAll(o.BinDir, 0o700))
		// Named as the build names it: si.exe on Windows.
		must(t, os.WriteFile(filepath.Join(o.BinDir, proc.Exe("si")), []byte("\x7fELF"), 0o700))
	}
	return world{opts: o, path: filepath.Join(o.Dir, "si.md")}
}

func actionOf(t *testing.T, run func(Options) ([]Change, error), o Options) Action {
	t.Helper()
	changes, err := run(o)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range changes {
		if c.Name == "si" {
			return c.Action
		}
	}
	t.Fatal("no change for si")
	return ""
}

func TestEnsureLifecycle(t *testing.T) {
	w := newWorld(t, true)
	if a := actionOf(t, Ensure, w.opts); a != Created {
		t.Fatalf("first Ensure: %s, want created", a)
	}
	first, err := os.ReadFile(w.path)
	must(t, err)
	filemode.Check(t, w.path, 0o600)
	if a := actionOf(t, Ensure, w.opts); a != Unchanged {
		t.Errorf("second Ensure: %s, want unchanged", a)
	}
	// An older managed copy is brought up to date.
	must(t, os.WriteFile(w.path, []byte("---\n"+Marker+"\ndescription: old\n---\nold\n"), 0o600))
	if a := actionOf(t, Ensure, w.opts); a != Updated {
		t.Errorf("Ensure over an old copy: %s, want updated", a)
	}
	if again, _ := os.ReadFile(w.path); string(again) != string(first) {
		t.Error("updated file differs from a fresh one")
	}
	// Deleted by the user: the bootstrap leaves it out, the installer puts it back.
	must(t, os.Remove(w.path))
	if a := actionOf(t, Ensure, w.opts); a != OptedOut {
		t.Errorf("Ensure after the user deleted it: %s, want opted out", a)
	}
	if _, err := os.Stat(w.path); err == nil {
		t.Error("a deleted command came back")
	}
	forced := w.opts
	forced.Force = true
	if a := actionOf(t, Ensure, forced); a != Created {
		t.Errorf("forced Ensure: %s, want created", a)
	}
}

func TestEnsureLeavesOthersAlone(t *testing.T) {
	w := newWorld(t, true)
	mine := "---\ndescription: my own si\n---\nmine\n"
	must(t, os.MkdirAll(w.opts.Dir, 0o755))
	must(t, os.WriteFile(w.path, []byte(mine), 0o644))
	if a := actionOf(t, Ensure, w.opts); a != NotOurs {
		t.Errorf("Ensure over the user's file: %s", a)
	}
	removed, err := Remove(w.opts)
	must(t, err)
	if got, _ := os.ReadFile(w.path); string(got) != mine || len(removed) != 0 {
		t.Errorf("the user's file was touched: %q, removed %v", got, removed)
	}
}

func TestEnsureWithoutBinary(t *testing.T) {
	w := newWorld(t, false)
	if a := actionOf(t, Ensure, w.opts); a != NoBinary {
		t.Errorf("Ensure without si: %s", a)
	}
	planned := w.opts
	planned.Installing = []string{"si"}
	if a := actionOf(t, Plan, planned); a != Created {
		t.Errorf("Plan with si about to be installed: %s", a)
	}
	if _, err := os.Stat(w.opts.Dir); err == nil {
		t.Error("Plan or a skipped Ensure created the command directory")
	}
}

// TestRemove: ours goes, with the directory we created, and the record;
// a later Ensure installs afresh (no opt-out left behind).
func TestRemove(t *testing.T) {
	w := newWorld(t, true)
	actionOf(t, Ensure, w.opts)
	removed, err := Remove(w.opts)
	must(t, err)
	if len(removed) != 2 || removed[0] != w.path || removed[1] != w.opts.Dir {
		t.Errorf("removed %v, want the file and its directory", removed)
	}
	if _, err := os.Stat(w.opts.Dir); err == nil {
		t.Error("command directory left")
	}
	if a := actionOf(t, Ensure, w.opts); a != Created {
		t.Errorf("Ensure after Remove: %s, want created", a)
	}
	// A directory that was there before is kept.
	w2 := newWorld(t, true)
	must(t, os.MkdirAll(w2.opts.Dir, 0o755))
	actionOf(t, Ensure, w2.opts)
	if removed, _ := Remove(w2.opts); len(removed) != 1 {
		t.Errorf("removed %v, want only the file", removed)
	}
	// Nothing installed, no state directory: nothing to do.
	if removed, err := Remove(newWorld(t, false).opts); err != nil || len(removed) != 0 {
		t.Errorf("Remove on a clean world: %v, %v", removed, err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
