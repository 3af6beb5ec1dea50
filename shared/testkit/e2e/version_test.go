package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
)

// TestEveryBinaryAnswersVersion: each binary scripts/build.sh built says
// its own name and the one version the build stamped, and nothing else.
func TestEveryBinaryAnswersVersion(t *testing.T) {
	t.Parallel()
	bins, _ := filepath.Glob(filepath.Join(cctest.PluginDir(t), "bin", "*"))
	if len(bins) < 12 {
		t.Fatalf("only %d binaries built: %v", len(bins), bins)
	}
	versions := map[string]bool{}
	for _, b := range bins {
		cmd := exec.Command(b, "--version")
		cmd.Env = []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH")}
		out, err := cmd.Output()
		fields := strings.Fields(string(out))
		if err != nil || len(fields) != 2 || fields[0] != filepath.Base(b) {
			t.Errorf("%s --version = %q, %v; want \"%s <version>\"", filepath.Base(b), out, err, filepath.Base(b))
			continue
		}
		versions[fields[1]] = true
	}
	if len(versions) != 1 {
		t.Errorf("the binaries of one build say different versions: %v", versions)
	}
}
