package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/refdata"
)

// TestReleaseFolder: scripts/release.sh builds a self-contained
// marketplace that `claude plugin validate --strict` accepts, the real CLI
// installs it, and its launchers run the right native binary.
func TestReleaseFolder(t *testing.T) {
	if testing.Short() {
		t.Skip("cross-compiles four targets")
	}
	s := newSession(t)
	s.args = nil
	root := refdata.RepoRoot(t)
	out := filepath.Join(t.TempDir(), "release")
	if msg, err := exec.Command(filepath.Join(root, "scripts", "release.sh"), out).CombinedOutput(); err != nil {
		t.Fatalf("release.sh: %v\n%s", err, msg)
	}
	for _, target := range []string{"linux-amd64", "linux-arm64", "darwin-amd64", "darwin-arm64"} {
		if _, err := os.Stat(filepath.Join(out, "plugins", "session-intelligence", "bin", target, "si-post-tool-use")); err != nil {
			t.Errorf("release lacks %s: %v", target, err)
		}
	}
	claude := func(args ...string) string {
		res, err := s.env.Run(t, args...)
		if err != nil {
			t.Fatalf("claude %s: %v\n%s%s", strings.Join(args, " "), err, res.Stdout, res.Stderr)
		}
		return res.Stdout
	}
	claude("plugin", "validate", "--strict", out)
	claude("plugin", "marketplace", "add", out)
	claude("plugin", "install", "session-intelligence@session-intelligence")
	s.run(t, "go [[bash: echo hi]]")
	readFile(t, filepath.Join(s.stateDir(), "state.json")) // the launcher ran the hook
}
