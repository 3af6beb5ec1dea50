package e2e

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/cctest"
	"github.com/session-intelligence/session-intelligence/shared/testkit/refdata"
)

// runnableMark precedes a shell block of the README or of a page in
// docs/ that must work when pasted into a shell after the Quick start.
const runnableMark = "<!-- runnable -->"

// runnable is one marked block: the file (from the repository root), the
// line it starts on, and its text.
type runnable struct {
	file  string
	line  int
	block string
}

// runnableBlocks returns the marked blocks of README.md, then of each
// docs/*.md in name order: the order a reader meets them in, so a page's
// block may use what the README's made.
func runnableBlocks(t *testing.T, root string) []runnable {
	t.Helper()
	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	must(t, err)
	sort.Strings(pages)
	var out []runnable
	for _, p := range append([]string{filepath.Join(root, "README.md")}, pages...) {
		rel, err := filepath.Rel(root, p)
		must(t, err)
		blocks, lines := markedBlocks(t, p)
		for i := range blocks {
			out = append(out, runnable{filepath.ToSlash(rel), lines[i], blocks[i]})
		}
	}
	return out
}

// markedBlocks returns the shell blocks a file marks runnable, with the
// line each starts on.
func markedBlocks(t *testing.T, path string) (blocks []string, lines []int) {
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
// and one session, every shell block the README or a page in docs/
// marks runnable runs in bash -e with the PATH the installer asked for,
// and succeeds.
func TestReadmeRunnableBlocks(t *testing.T) {
	root := refdata.RepoRoot(t)
	blocks := runnableBlocks(t, root)
	if len(blocks) < 10 {
		t.Fatalf("the README and docs/ mark %d shell blocks runnable; the tour has more", len(blocks))
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
	for _, b := range blocks {
		cmd := exec.Command("bash", "-e", "-o", "pipefail", "-c", b.block)
		cmd.Dir, cmd.Env = s.env.Project, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("%s:%d: the runnable block fails (%v):\n%s\noutput:\n%s", b.file, b.line, err, b.block, out)
		}
	}
}
