package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/cc/settingsjson"
	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
	"github.com/session-intelligence/session-intelligence/shared/testkit/refdata"
)

// TestMarketplaceInstall: install.sh registers the built marketplace and
// installs the plugin with the real CLI; a session started without
// --plugin-dir then runs our PostToolUse hook; uninstall.sh removes it.
func TestMarketplaceInstall(t *testing.T) {
	s := newSession(t)
	s.args = nil // no --plugin-dir: the installed plugin must do the work
	root := refdata.RepoRoot(t)
	script := func(name string, args ...string) string {
		cmd := exec.Command(filepath.Join(root, name), args...)
		cmd.Env = append(s.env.Environ(), "SI_MARKETPLACE="+cctest.Marketplace(t),
			"PATH="+filepath.Dir(s.env.Bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
		return string(out)
	}
	previous := `{"statusLine": {"type": "command", "command": "echo MY-OWN-LINE", "padding": 1}}`
	must(t, os.MkdirAll(filepath.Join(s.env.Home, ".claude"), 0o700))
	must(t, os.WriteFile(filepath.Join(s.env.Home, ".claude", "settings.json"), []byte(previous), 0o600))
	// The project is a work tree's top, so the bootstrap creates its
	// CLAUDE.md; the uninstall deletes it again.
	must(t, os.MkdirAll(filepath.Join(s.env.Project, ".git"), 0o755))
	bin := filepath.Join(s.env.Home, ".local", "bin")
	out := script("install.sh", "--no-build")
	for _, want := range []string{"created " + bin, "on PATH: " + filepath.Join(bin, "si") + " -> " + filepath.Join(s.env.Home, ".claude", "session-intelligence", "bin", "si"),
		bin + " is not on your PATH", `export PATH="$HOME/.local/bin:$PATH"`} {
		if !strings.Contains(out, want) {
			t.Errorf("install.sh output lacks %q:\n%s", want, out)
		}
	}
	if out := script("install.sh", "--no-build"); !strings.Contains(out, "already installed") {
		t.Errorf("second install.sh run is not idempotent:\n%s", out)
	}
	// si on PATH runs, from the stable copy, outside Claude Code.
	if ver, err := exec.Command(filepath.Join(bin, "si"), "--version").Output(); err != nil || !strings.HasPrefix(string(ver), "si ") {
		t.Errorf("%s --version = %q, %v", filepath.Join(bin, "si"), ver, err)
	}
	settings := readFile(t, filepath.Join(s.env.Home, ".claude", "settings.json"))
	// Claude Code itself reformats settings.json when it adds the
	// marketplace; this is the statusLine as the user now has it.
	before, _ := settingsjson.Get([]byte(settings), "statusLine")
	if !strings.Contains(settings, `"session-intelligence@session-intelligence": true`) {
		t.Errorf("settings.json does not enable the plugin:\n%s", settings)
	}
	// Plain /si (the user command install.sh added) works in the very
	// first session; the plugin itself only offers /session-intelligence:si.
	s.run(t, "/si show")
	if !s.api.Saw("$ si show") || !s.api.Saw("compact.threshold") {
		t.Errorf("plain /si show did not expand; last prompt: %q", lastPrompt(s))
	}
	s.sid = cctest.NewSessionID()
	s.run(t, "go [[bash: echo hi]]")
	readFile(t, filepath.Join(s.stateDir(), "state.json"))
	if settings := readFile(t, filepath.Join(s.env.Home, ".claude", "settings.json")); !strings.Contains(settings, "si-statusline") {
		t.Errorf("SessionStart did not wire the status line:\n%s", settings)
	}

	claudeMD := filepath.Join(s.env.Project, "CLAUDE.md")
	readFile(t, claudeMD) // the bootstrap created it
	out = script("uninstall.sh")
	for _, want := range []string{"deleted " + claudeMD, "removed " + filepath.Join(bin, "si") + " (si on PATH)", "Kept (delete what you no longer want):",
		filepath.Join(s.env.Home, ".claude", "session-intelligence.json") + ": your configuration"} {
		if !strings.Contains(out, want) {
			t.Errorf("uninstall.sh output lacks %q:\n%s", want, out)
		}
	}
	for _, gone := range []string{claudeMD, filepath.Join(bin, "si"), filepath.Join(s.env.Home, ".claude", "session-intelligence", "bin"),
		filepath.Join(s.env.Home, ".claude", "commands", "si.md")} {
		if _, err := os.Lstat(gone); err == nil {
			t.Errorf("uninstall.sh left %s", gone)
		}
	}
	settings = readFile(t, filepath.Join(s.env.Home, ".claude", "settings.json"))
	if strings.Contains(settings, "session-intelligence@session-intelligence") {
		t.Errorf("uninstall left the plugin enabled:\n%s", settings)
	}
	if after, _ := settingsjson.Get([]byte(settings), "statusLine"); string(after) != string(before) || !strings.Contains(string(after), "MY-OWN-LINE") {
		t.Errorf("uninstall did not restore the previous statusLine exactly:\n got %s\nwant %s", after, before)
	}
	// Twice: harmless, and it says so.
	again := script("uninstall.sh")
	if !strings.Contains(again, "nothing left to remove") || strings.Contains(again, "removed ") {
		t.Errorf("second uninstall.sh run:\n%s", again)
	}
	if got := readFile(t, filepath.Join(s.env.Home, ".claude", "settings.json")); got != settings {
		t.Errorf("second uninstall changed settings.json:\n%s", got)
	}
}
