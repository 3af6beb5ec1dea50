package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/settingsjson"
	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
)

const pluginID = "session-intelligence@session-intelligence"

// ownLine is the user's own status line, there before the plugin.
const ownLine = `{"statusLine": {"type": "command", "command": "echo MY-OWN-LINE", "padding": 1}}`

// installedPlugin is a scratch HOME with the user's own status line and
// the plugin installed from the built marketplace by the real CLI's
// `claude plugin install` (no install.sh, as a marketplace user has it),
// and one session run, whose SessionStart wired the status line. before
// is the statusLine value just before that session (Claude Code
// reformats settings.json when it installs).
func installedPlugin(t *testing.T, extra ...string) (s *session, before []byte) {
	t.Helper()
	s = newSession(t, extra...)
	s.args = nil // no --plugin-dir: the installed plugin does the work
	settings := s.settingsPath()
	must(t, os.MkdirAll(filepath.Dir(settings), 0o700))
	must(t, os.WriteFile(settings, []byte(ownLine), 0o600))
	s.claude(t, "plugin", "marketplace", "add", cctest.Marketplace(t))
	s.claude(t, "plugin", "install", pluginID)
	before, _ = settingsjson.Get([]byte(readFile(t, settings)), "statusLine")
	s.run(t, "hello")
	if wired := readFile(t, settings); !strings.Contains(wired, filepath.Join(".claude", "session-intelligence", "bin", "si-statusline")) {
		t.Fatalf("SessionStart did not wire the stable status line:\n%s", wired)
	}
	if rec := readFile(t, filepath.Join(s.env.Home, ".claude", "session-intelligence", "statusline.json")); !strings.Contains(rec, `"plugin":"`+pluginID+`"`) {
		t.Fatalf("the wiring record does not name the plugin: %s", rec)
	}
	return s, before
}

func (s *session) settingsPath() string { return filepath.Join(s.env.Home, ".claude", "settings.json") }

// claude runs the real CLI (a plugin command) in the scratch HOME.
func (s *session) claude(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(s.env.Bin, args...)
	cmd.Dir, cmd.Env = s.env.Project, s.env.Environ()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("claude %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// redraw runs the command settings.json's statusLine names, the way
// Claude Code does (sh -c, the status payload on stdin), and returns
// what it printed. The payload has the fields Claude Code 2.1.332 sends.
func (s *session) redraw(t *testing.T) string {
	t.Helper()
	raw, ok := settingsjson.Get([]byte(readFile(t, s.settingsPath())), "statusLine")
	if !ok {
		return ""
	}
	var line struct {
		Command string `json:"command"`
	}
	must(t, settingsjson.Decode(raw, &line))
	payload := `{"session_id":"` + s.sid + `","transcript_path":"` + s.env.TranscriptPath(s.sid) + `","cwd":"` + s.env.Project +
		`","model":{"id":"claude-sonnet-4-5","display_name":"Sonnet 4.5"},"workspace":{"current_dir":"` + s.env.Project +
		`","project_dir":"` + s.env.Project + `"},"version":"2.1.332","output_style":{"name":"default"},"cost":{"total_cost_usd":0.01,"total_duration_ms":1000}}`
	cmd := exec.Command("/bin/sh", "-c", line.Command)
	cmd.Dir, cmd.Env = s.env.Project, append(s.env.Environ(), "NO_COLOR=1")
	cmd.Stdin = strings.NewReader(payload)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("status line %s: %v\n%s", line.Command, err, out)
	}
	return string(out)
}

// stepsAside checks the state after the plugin went: the status line
// settings.json runs draws only the user's own line, and statusLine is
// the user's again, as it was; the stable copy that did it stays.
func stepsAside(t *testing.T, s *session, before []byte, cliDoc string) {
	t.Helper()
	wired := readFile(t, s.settingsPath())
	if out := s.redraw(t); out != "MY-OWN-LINE\n" {
		t.Errorf("redraw after the plugin went = %q, want the user's own line alone", out)
	}
	after := readFile(t, s.settingsPath())
	got, _ := settingsjson.Get([]byte(after), "statusLine")
	if !bytes.Equal(got, before) {
		t.Errorf("statusLine not given back exactly:\n got %s\nwant %s", got, before)
	}
	// Byte-preserving: only the statusLine value changed in the file
	// Claude Code's plugin command left.
	want, err := settingsjson.Set([]byte(wired), settingsjson.Verbatim(before), "statusLine")
	must(t, err)
	if after != string(want) {
		t.Errorf("settings.json changed beyond statusLine (%s):\n got %s\nwant %s", cliDoc, after, want)
	}
	if out := s.redraw(t); out != "MY-OWN-LINE\n" {
		t.Errorf("Claude Code's own run of the restored statusLine = %q", out)
	}
}

// TestPluginUninstallStepsAside: after `claude plugin uninstall`, which
// deletes the plugin's folders but not ours, the next redraw shows the
// user's previous status line, settings.json gets it back, and /si says
// in one line that the plugin is gone and removes itself (and /ai).
func TestPluginUninstallStepsAside(t *testing.T) {
	s, before := installedPlugin(t)
	s.claude(t, "plugin", "uninstall", pluginID)
	if _, err := os.Stat(filepath.Join(s.env.Home, ".claude", "plugins", "data", "session-intelligence-session-intelligence")); err == nil {
		t.Log("Claude Code kept the plugin's data directory")
	}
	stepsAside(t, s, before, "after claude plugin uninstall")

	// si doctor says the plugin is gone, what is left and that si
	// uninstall takes it out; no "reinstall" for each hook, no /si claim.
	doctor := exec.Command(filepath.Join(s.env.Home, ".claude", "session-intelligence", "bin", "si"), "doctor")
	doctor.Dir, doctor.Env = s.env.Project, s.env.Environ()
	out, err := doctor.CombinedOutput()
	for _, want := range []string{"FAIL  plugin", pluginID + " is no longer installed in Claude Code", "fix: to use it again: claude plugin install " + pluginID,
		"warn  left behind", "the stable copies in " + filepath.Join(s.env.Home, ".claude", "session-intelligence", "bin"),
		"fix: si uninstall takes these out", "session-intelligence was removed from Claude Code. si uninstall finishes the job"} {
		if err == nil || !strings.Contains(string(out), want) {
			t.Errorf("si doctor after the uninstall (%v) lacks %q:\n%s", err, want, out)
		}
	}
	for _, wrong := range []string{"hook SessionStart", "reinstall", "namespaced", "/session-intelligence:si"} {
		if strings.Contains(string(out), wrong) {
			t.Errorf("si doctor after the uninstall says %q:\n%s", wrong, out)
		}
	}
	t.Logf("si doctor after claude plugin uninstall:\n%s", out)

	s.sid = cctest.NewSessionID()
	s.run(t, "/si show")
	if !s.api.Saw("is no longer installed or enabled, so this command has removed itself") || s.api.Saw("$ si show") {
		t.Errorf("/si after the uninstall did not retire; last prompt: %q", lastPrompt(s))
	}
	for _, name := range []string{"si.md", "ai.md"} {
		if _, err := os.Stat(filepath.Join(s.env.Home, ".claude", "commands", name)); err == nil {
			t.Errorf("%s still there after /si retired", name)
		}
	}
}

// TestPluginDisableEnable: `claude plugin disable` steps aside the same
// way; `claude plugin enable` and the next real session put the status
// line and /si back.
func TestPluginDisableEnable(t *testing.T) {
	s, before := installedPlugin(t)
	s.claude(t, "plugin", "disable", pluginID)
	stepsAside(t, s, before, "after claude plugin disable")
	s.sid = cctest.NewSessionID()
	s.run(t, "/si show")
	if !s.api.Saw("removed itself") {
		t.Errorf("/si while disabled did not retire; last prompt: %q", lastPrompt(s))
	}

	s.claude(t, "plugin", "enable", pluginID)
	s.sid = cctest.NewSessionID()
	s.run(t, "hello again") // SessionStart of the re-enabled plugin
	if out := s.redraw(t); !strings.Contains(out, "sid:") || !strings.HasSuffix(out, "MY-OWN-LINE\n") {
		t.Errorf("redraw after re-enabling = %q, want ours then the user's", out)
	}
	if rec := readFile(t, filepath.Join(s.env.Home, ".claude", "session-intelligence", "statusline.json")); strings.Contains(rec, "released") {
		t.Errorf("the record still says released: %s", rec)
	}
	s.sid = cctest.NewSessionID()
	s.run(t, "/si show")
	if !s.api.Saw("$ si show") || !s.api.Saw("compact.threshold") {
		t.Errorf("/si did not come back; last prompt: %q", lastPrompt(s))
	}
}

// TestPluginUninstalledDuringSession: the plugin is uninstalled from
// another terminal while an interactive session shows our status line;
// the running session's next redraw shows the user's own line alone and
// settings.json has it back.
func TestPluginUninstalledDuringSession(t *testing.T) {
	s, before := installedPlugin(t, "NO_COLOR=1")
	must(t, s.env.SeedInteractive())
	tui := s.env.StartTUI(t, 200, 50)
	if err := tui.Submit("hi [[usage: 250000]]", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	if _, err := tui.WaitFor("FAKE-REPLY", 5*time.Second); err != nil {
		must(t, tui.SendKeys("Enter")) // the TUI sometimes swallows the first Enter while starting
	}
	if _, err := tui.WaitFor("250k/1M", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	s.claude(t, "plugin", "uninstall", pluginID)
	if err := tui.Submit("one more [[usage: 260000]]", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	screen := tui.Capture()
	for strings.Contains(screen, "k/1M") && time.Now().Before(deadline) {
		time.Sleep(200 * time.Millisecond)
		screen = tui.Capture()
	}
	if strings.Contains(screen, "k/1M") || !strings.Contains(screen, "MY-OWN-LINE") {
		t.Errorf("the running session still shows our status line, or not the user's:\n%s", screen)
	}
	got, _ := settingsjson.Get([]byte(readFile(t, s.settingsPath())), "statusLine")
	if !bytes.Equal(got, before) {
		t.Errorf("statusLine not given back during the session:\n got %s\nwant %s", got, before)
	}
	must(t, tui.Exit(20*time.Second))
}
