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
	script("install.sh", "--no-build")
	if out := script("install.sh", "--no-build"); !strings.Contains(out, "already installed") {
		t.Errorf("second install.sh run is not idempotent:\n%s", out)
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

	script("uninstall.sh")
	if _, err := os.Stat(filepath.Join(s.env.Home, ".claude", "commands", "si.md")); err == nil {
		t.Error("uninstall.sh left the /si user command")
	}
	settings = readFile(t, filepath.Join(s.env.Home, ".claude", "settings.json"))
	if strings.Contains(settings, "session-intelligence@session-intelligence") {
		t.Errorf("uninstall left the plugin enabled:\n%s", settings)
	}
	if after, _ := settingsjson.Get([]byte(settings), "statusLine"); string(after) != string(before) || !strings.Contains(string(after), "MY-OWN-LINE") {
		t.Errorf("uninstall did not restore the previous statusLine exactly:\n got %s\nwant %s", after, before)
	}
}
