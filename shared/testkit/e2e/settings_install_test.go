package e2e

import (
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
	"github.com/session-intelligence/session-intelligence/shared/testkit/refdata"
)

// script runs install.sh or uninstall.sh of the checkout in the scratch
// HOME, with the built marketplace as the source and the pinned CLI on
// PATH.
func script(t *testing.T, s *session, name string, args ...string) (string, error) {
	t.Helper()
	root := refdata.RepoRoot(t)
	cmd := exec.Command(filepath.Join(root, name), args...)
	cmd.Env = append(s.env.Environ(), "SI_MARKETPLACE="+cctest.Marketplace(t),
		"PATH="+filepath.Dir(s.env.Bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func mustScript(t *testing.T, s *session, name string, args ...string) string {
	t.Helper()
	out, err := script(t, s, name, args...)
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return out
}

// TestSettingsInstall: ./install.sh --settings registers the hooks in
// settings.json; real sessions without any plugin run them and expand
// /si (its output reaches the model, a change is shown and not
// written); ./uninstall.sh leaves settings.json byte-identical.
func TestSettingsInstall(t *testing.T) {
	s := newSession(t)
	s.args = nil // no plugin at all: settings.json must do the work
	claudeDir := filepath.Join(s.env.Home, ".claude")
	settings := filepath.Join(claudeDir, "settings.json")
	orig := "{\n  \"theme\": \"dark\",\n  \"statusLine\": {\"type\": \"command\", \"command\": \"echo MY-OWN-LINE\"}\n}\n"
	must(t, os.MkdirAll(claudeDir, 0o700))
	must(t, os.WriteFile(settings, []byte(orig), 0o600))

	out := mustScript(t, s, "install.sh", "--settings", "--no-build")
	if !strings.Contains(out, "installed into "+claudeDir+" (settings mode)") {
		t.Fatalf("install.sh --settings:\n%s", out)
	}
	s.run(t, "go [[bash: echo hi]]")
	stateFile := filepath.Join(s.stateDir(), "state.json")
	readFile(t, stateFile) // PostToolUse ran
	if log := s.logText(t); !strings.Contains(log, "session-start") {
		t.Errorf("no SessionStart line in the debug log:\n%s", log)
	}

	s.sid = cctest.NewSessionID()
	s.run(t, "/si show")
	if !s.api.Saw("$ si show") || !s.api.Saw("compact.threshold") || !s.api.Saw("Show the output above") {
		t.Errorf("/si show did not expand into the request; last prompt: %q", lastPrompt(s))
	}

	config := filepath.Join(claudeDir, "session-intelligence.json")
	before, _ := os.ReadFile(config)
	s.sid = cctest.NewSessionID()
	s.run(t, "/si set compact.threshold 75 --yes")
	if !s.api.Saw(`+    "threshold": 75`) || !s.api.Saw("--yes ignored") {
		t.Errorf("/si set did not show the diff; last prompt: %q", lastPrompt(s))
	}
	if after, _ := os.ReadFile(config); string(after) != string(before) {
		t.Errorf("/si set wrote before the YES:\n%s", after)
	}

	out = mustScript(t, s, "uninstall.sh")
	if got, _ := os.ReadFile(settings); string(got) != orig {
		t.Errorf("settings.json after uninstall.sh differs from before install.sh:\n got %q\nwant %q\n%s", got, orig, out)
	}
	for _, gone := range []string{"commands/si.md", "session-intelligence/bin", "session-intelligence/install.json"} {
		if _, err := os.Stat(filepath.Join(claudeDir, gone)); err == nil {
			t.Errorf("uninstall.sh left %s", gone)
		}
	}
	if _, err := os.Stat(stateFile); err != nil {
		t.Errorf("uninstall.sh removed session state: %v", err)
	}
}

// TestSettingsInstallDryRunIdempotent: --dry-run prints the diff and
// writes nothing; a second install changes no byte; a broken
// settings.json is refused with its line, and nothing changes.
func TestSettingsInstallDryRunIdempotent(t *testing.T) {
	s := newSession(t)
	claudeDir := filepath.Join(s.env.Home, ".claude")
	settings := filepath.Join(claudeDir, "settings.json")
	must(t, os.MkdirAll(claudeDir, 0o700))
	must(t, os.WriteFile(settings, []byte(`{"model": "opus"}`), 0o600))

	out := mustScript(t, s, "install.sh", "--dry-run", "--no-build")
	for _, want := range []string{"Dry run: nothing is written", "+++ " + settings, "si-post-tool-use", "commands/si.md"} {
		if !strings.Contains(out, want) {
			t.Errorf("dry run output lacks %q:\n%s", want, out)
		}
	}
	if names := listDir(t, claudeDir); !slices.Equal(names, []string{"settings.json"}) {
		t.Errorf("dry run wrote files: %v", names)
	}

	mustScript(t, s, "install.sh", "--settings", "--no-build")
	first := snapshot(t, claudeDir)
	out = mustScript(t, s, "install.sh", "--settings", "--no-build")
	if !strings.Contains(out, "already installed") {
		t.Errorf("second install:\n%s", out)
	}
	if again := snapshot(t, claudeDir); !maps.Equal(first, again) {
		t.Errorf("second install changed files:\n%v\n%v", first, again)
	}
	mustScript(t, s, "uninstall.sh")

	broken := "{\n  \"model\": \"opus\",\n  \"hooks\": {,}\n}\n"
	must(t, os.WriteFile(settings, []byte(broken), 0o600))
	out, err := script(t, s, "install.sh", "--settings", "--no-build")
	if err == nil || !strings.Contains(out, settings+": invalid JSON at line 3") {
		t.Errorf("broken settings.json: err %v\n%s", err, out)
	}
	if got, _ := os.ReadFile(settings); string(got) != broken {
		t.Error("broken settings.json was changed")
	}
	if _, err := os.Stat(filepath.Join(claudeDir, "session-intelligence", "bin")); err == nil {
		t.Error("binaries installed despite the refusal")
	}
}

// lastPrompt is the newest prompt the fake API received, for failures.
func lastPrompt(s *session) string {
	reqs := s.api.MessageRequests()
	if len(reqs) == 0 {
		return ""
	}
	return reqs[len(reqs)-1].Text()
}

func listDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	must(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// snapshot maps every file under dir to its content.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	must(t, filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			data, err := os.ReadFile(p)
			out[p] = string(data)
			return err
		}
		return err
	}))
	return out
}
