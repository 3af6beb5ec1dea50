package e2e

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
	"github.com/session-intelligence/session-intelligence/shared/testkit/refdata"
)

// runnableMark precedes a README shell block that must work when pasted
// into a shell after the Quick start.
const runnableMark = "<!-- runnable -->"

// readmeBlocks returns the shell blocks the README marks runnable, with
// the line each starts on.
func readmeBlocks(t *testing.T, path string) (blocks []string, lines []int) {
	t.Helper()
	f, err := os.Open(path)
	must(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	n, marked, in := 0, false, false
	var cur strings.Builder
	for sc.Scan() {
		n++
		line := sc.Text()
		switch {
		case in && strings.HasPrefix(line, "```"):
			blocks, in = append(blocks, cur.String()), false
		case in:
			cur.WriteString(line + "\n")
		case marked && line == "```sh":
			in, marked = true, false
			cur.Reset()
			lines = append(lines, n+1)
		default:
			marked = strings.TrimSpace(line) == runnableMark
		}
	}
	must(t, sc.Err())
	return blocks, lines
}

// TestReadmeRunnableBlocks: in a fresh HOME, after the Quick start's
// install (install.sh installs the built marketplace with the real CLI)
// and one session, every shell block the README marks runnable runs in
// bash -e with the PATH the installer asked for, and succeeds.
func TestReadmeRunnableBlocks(t *testing.T) {
	root := refdata.RepoRoot(t)
	blocks, at := readmeBlocks(t, filepath.Join(root, "README.md"))
	if len(blocks) < 10 {
		t.Fatalf("the README marks %d shell blocks runnable; the tour has more", len(blocks))
	}
	s := newSession(t)
	s.args = nil
	settle(t, s.env.Home)
	claudeDir := t.TempDir()
	must(t, os.Symlink(s.env.Bin, filepath.Join(claudeDir, "claude")))
	path := strings.Join([]string{filepath.Join(s.env.Home, ".local", "bin"), claudeDir, os.Getenv("PATH")}, string(os.PathListSeparator))
	env := append(s.env.Environ(), "PATH="+path, "SI_MARKETPLACE="+cctest.Marketplace(t), "AI_NO_BACKGROUND=1")
	install := exec.Command(filepath.Join(root, "install.sh"), "--no-build")
	install.Dir, install.Env = s.env.Project, env
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("install.sh: %v\n%s", err, out)
	}
	s.run(t, "hello [[bash: echo hi]]")
	for i, block := range blocks {
		cmd := exec.Command("bash", "-e", "-o", "pipefail", "-c", block)
		cmd.Dir, cmd.Env = s.env.Project, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("README.md:%d: the runnable block fails (%v):\n%s\noutput:\n%s", at[i], err, block, out)
		}
	}
}
