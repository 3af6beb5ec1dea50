package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/cc/managed"
	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
)

// overlayEtc returns a wrapper that runs a command in a private mount
// namespace where /etc is overlaid by a scratch directory, so a test can
// write /etc/claude-code as root without touching the machine. It skips
// when the machine cannot make mount namespaces (not root, no overlayfs).
func overlayEtc(t *testing.T) (wrapper, upper string) {
	t.Helper()
	dir := t.TempDir()
	upper, work := filepath.Join(dir, "upper"), filepath.Join(dir, "work")
	must(t, os.MkdirAll(upper, 0o755))
	must(t, os.MkdirAll(work, 0o755))
	wrapper = filepath.Join(dir, "in-ns")
	script := "#!/bin/sh\n" +
		"exec unshare -m --propagation private sh -c 'u=$0 w=$1; shift; " +
		"mount -t overlay overlay -o \"lowerdir=/etc,upperdir=$u,workdir=$w\" /etc && exec \"$@\"' " +
		"'" + upper + "' '" + work + "' \"$@\"\n"
	must(t, os.WriteFile(wrapper, []byte(script), 0o755))
	if out, err := exec.Command(wrapper, "true").CombinedOutput(); err != nil {
		t.Skipf("no private mount namespace with an overlaid /etc here (needs root and overlayfs): %v %s", err, out)
	}
	return wrapper, upper
}

// TestManagedDeploy: `si deploy managed` writes the managed-settings.d
// fragment; the real CLI then installs the plugin from the directory
// marketplace by itself at session start, its hooks run, and si doctor
// reports the managed installation.
func TestManagedDeploy(t *testing.T) {
	t.Parallel()
	ns, upper := overlayEtc(t)
	s := newSession(t)
	s.args = nil // nothing on the command line: managed settings must do it
	prefix := t.TempDir()
	mkt := managed.MarketplaceDir(managed.Linux, prefix)
	must(t, os.MkdirAll(filepath.Dir(mkt), 0o755))
	if out, err := exec.Command("cp", "-R", cctest.Marketplace(t), mkt).CombinedOutput(); err != nil {
		t.Fatalf("copy marketplace: %v %s", err, out)
	}
	si := func(args ...string) (string, error) {
		cmd := exec.Command(ns, append([]string{cctest.Bin(t, "si")}, args...)...)
		cmd.Env, cmd.Dir = s.env.Environ(), s.env.Project
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	out, err := si("deploy", "managed", "--prefix", prefix)
	if err != nil || !strings.Contains(out, `"path": "`+mkt+`"`) {
		t.Fatalf("preview: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(upper, "claude-code")); err == nil {
		t.Fatal("the preview wrote to /etc")
	}
	if out, err = si("deploy", "managed", "--prefix", prefix, "--yes"); err != nil {
		t.Fatalf("deploy: %v\n%s", err, out)
	}
	frag := readFile(t, filepath.Join(upper, "claude-code", "managed-settings.d", managed.FileName))
	if frag != string(managed.Fragment(mkt)) {
		t.Errorf("fragment on disk differs from the preview:\n%s", frag)
	}
	if out, _ = si("deploy", "managed", "--prefix", prefix, "--yes"); !strings.Contains(out, "already up to date") {
		t.Errorf("a second deploy is not idempotent:\n%s", out)
	}

	real := s.env.Bin
	wrapped := filepath.Join(t.TempDir(), "claude")
	must(t, os.WriteFile(wrapped, []byte("#!/bin/sh\nexec '"+ns+"' '"+real+"' \"$@\"\n"), 0o755))
	s.env.Bin = wrapped
	s.run(t, "go [[bash: echo managed]]")
	state := readFile(t, filepath.Join(s.stateDir(), "state.json"))
	if !strings.Contains(state, `"calls":1`) {
		t.Errorf("PostToolUse did not run from the managed install: %s", state)
	}

	out, err = si("doctor")
	for _, want := range []string{
		"installed for every user by /etc/claude-code/managed-settings.d/" + managed.FileName,
		"ok    hook PostToolUse",
		"ok    hooks firing",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("si doctor lacks %q (err %v):\n%s", want, err, out)
		}
	}
	if t.Failed() {
		for _, f := range []string{"installed_plugins.json", "known_marketplaces.json"} {
			data, _ := os.ReadFile(filepath.Join(s.env.Home, ".claude", "plugins", f))
			t.Logf("%s: %s", f, data)
		}
		ls, _ := exec.Command("find", filepath.Join(s.env.Home, ".claude", "plugins"), "-maxdepth", "4").CombinedOutput()
		t.Logf("plugins dir:\n%s", ls)
	}
}

// TestStatusAfterSession: after a real session, si status shows which
// hooks fired for it and the session's counters.
func TestStatusAfterSession(t *testing.T) {
	t.Parallel()
	s := newSession(t)
	s.run(t, "go [[bash: echo one]]")
	cmd := exec.Command(cctest.Bin(t, "si"), "status")
	cmd.Env, cmd.Dir = s.env.Environ(), s.env.Project
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("si status: %v\n%s", err, out)
	}
	text := string(out)
	for _, want := range []string{
		"SessionStart", "PostToolUse", "last fired", "(session " + s.sid[:8] + ")",
		"Session " + s.sid[:8], "tool calls         1 ",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("si status lacks %q:\n%s", want, text)
		}
	}
}
