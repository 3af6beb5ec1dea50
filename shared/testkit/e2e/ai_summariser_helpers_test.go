package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
)

// userHookControl installs a user SessionStart hook that touches a marker
// file and proves with a plain `claude -p` that it runs; it returns the
// marker, removed again. A summariser run that leaves no marker then
// shows that the user's hooks did not run for it (the check can fail).
func userHookControl(t *testing.T, env *cctest.Env) string {
	t.Helper()
	marker := filepath.Join(env.Home, "hook-ran")
	settings := `{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"touch ` + marker + `"}]}]}}`
	must(t, os.MkdirAll(filepath.Join(env.Home, ".claude"), 0o700))
	must(t, os.WriteFile(filepath.Join(env.Home, ".claude", "settings.json"), []byte(settings), 0o600))
	if _, err := env.Run(t, "-p", "hello", "--output-format", "json"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(marker); err != nil {
		t.Fatalf("control: the user's SessionStart hook did not run for a plain claude -p: %v", err)
	}
	must(t, os.Remove(marker))
	return marker
}

// notesAI runs the plugin's ai binary in env's project with the pinned
// claude first on PATH and no background runs, failing the test on an
// error.
func notesAI(t *testing.T, env *cctest.Env, args ...string) string {
	t.Helper()
	cmd := exec.Command(cctest.Bin(t, "ai"), args...)
	cmd.Dir = env.Project
	cmd.Env = append(env.Environ(), "PATH="+filepath.Dir(env.Bin)+string(os.PathListSeparator)+os.Getenv("PATH"),
		"AI_NO_BACKGROUND=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("ai %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}
