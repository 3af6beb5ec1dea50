package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
	"github.com/session-intelligence/session-intelligence/shared/testkit/fakeapi"
)

func TestMain(m *testing.M) {
	code := m.Run()
	cctest.Cleanup()
	os.Exit(code)
}

// session is one scratch Claude Code world with the plugin loaded.
type session struct {
	env  *cctest.Env
	api  *fakeapi.Server
	sid  string
	args []string
}

// newSession starts the fake API and a scratch HOME; extra env vars are
// KEY=VALUE pairs.
func newSession(t *testing.T, extra ...string) *session {
	t.Helper()
	env, api := cctest.NewFakeEnv(t, fakeapi.Options{})
	env.Extra = append(env.Extra, extra...)
	return &session{env: env, api: api, sid: cctest.NewSessionID(),
		args: []string{"--plugin-dir", cctest.PluginDir(t)}}
}

// run sends the first prompt of the session in print mode.
func (s *session) run(t *testing.T, prompt string, args ...string) cctest.Result {
	t.Helper()
	return s.exec(t, prompt, append([]string{"--session-id", s.sid}, args...)...)
}

// resume sends a further prompt to the same session.
func (s *session) resume(t *testing.T, prompt string, args ...string) cctest.Result {
	t.Helper()
	return s.exec(t, prompt, append([]string{"--resume", s.sid}, args...)...)
}

func (s *session) exec(t *testing.T, prompt string, args ...string) cctest.Result {
	t.Helper()
	all := append([]string{"-p", prompt, "--output-format", "json",
		"--allowedTools", "Bash,Read,Write,Edit,Grep,Glob"}, s.args...)
	res, err := s.env.Run(t, append(all, args...)...)
	if err != nil {
		t.Fatalf("claude -p: %v\nstdout: %s\nstderr: %s", err, res.Stdout, res.Stderr)
	}
	if res.IsError {
		t.Fatalf("claude -p reported an error: %s", res.Stdout)
	}
	return res
}

// stateDir is the session's private directory.
func (s *session) stateDir() string {
	return filepath.Join(s.env.Home, ".claude", "session-intelligence", "sessions", s.sid)
}

// readFile reads a file the hooks wrote, failing the test when missing.
func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("expected the hook to write %s: %v", path, err)
	}
	return string(data)
}

// logText returns every debug log line written under the scratch HOME.
func (s *session) logText(t *testing.T) string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(s.env.Home, ".claude", "logs", "session-intel-*.log"))
	var b strings.Builder
	for _, f := range files {
		b.WriteString(readFile(t, f))
	}
	return b.String()
}

// siExpand runs the built `si expand` in the scratch HOME.
func siExpand(t *testing.T, s *session, id string) string {
	t.Helper()
	cmd := exec.Command(cctest.Bin(t, "si"), "expand", id)
	cmd.Env = []string{"HOME=" + s.env.Home, "PATH=" + os.Getenv("PATH")}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("si expand %s: %v\n%s", id, err, out)
	}
	return string(out)
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
