package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/event/sessionstart"
	"github.com/session-intelligence/session-intelligence/shared/testkit/refdata"
)

// noGoPath is a PATH with the system's tools and no Go toolchain: what a
// user who never installed Go has.
func noGoPath(t *testing.T) string {
	t.Helper()
	path := "/usr/bin:/bin"
	for _, dir := range filepath.SplitList(path) {
		if _, err := os.Stat(filepath.Join(dir, "go")); err == nil {
			t.Skipf("this machine has go in %s, so no PATH can leave it out", dir)
		}
	}
	return path
}

// TestReleaseFolder: scripts/release.sh builds a self-contained
// marketplace that `claude plugin validate --strict` accepts, stamped with
// a version Claude Code can refresh on; in a fresh HOME whose PATH has no
// Go, the real CLI adds it as a marketplace and installs from it, and the
// hooks and the status line work from its prebuilt binaries.
func TestReleaseFolder(t *testing.T) {
	if testing.Short() {
		t.Skip("cross-compiles")
	}
	s := newSession(t)
	s.args = nil
	root := refdata.RepoRoot(t)
	out := filepath.Join(t.TempDir(), "release")
	// The host and one Windows target: the script's loop is the same for
	// all six, which scripts/check.sh cross-compiles in CI.
	host := runtime.GOOS + "/" + runtime.GOARCH
	build := exec.Command(filepath.Join(root, "scripts", "release.sh"), out)
	build.Env = append(os.Environ(), "SI_RELEASE_TARGETS="+host+" windows/amd64")
	if msg, err := build.CombinedOutput(); err != nil {
		t.Fatalf("release.sh: %v\n%s", err, msg)
	}
	for _, bin := range []string{runtime.GOOS + "-" + runtime.GOARCH + "/si-post-tool-use", "windows-amd64/si-post-tool-use.exe"} {
		if _, err := os.Stat(filepath.Join(out, "plugins", "session-intelligence", "bin", filepath.FromSlash(bin))); err != nil {
			t.Errorf("release lacks %s: %v", bin, err)
		}
	}
	manifest := readFile(t, filepath.Join(out, "plugins", "session-intelligence", ".claude-plugin", "plugin.json"))
	if !regexp.MustCompile(`"version": "\d+\.\d+\.\d+(\+[0-9a-f]+)?"`).MatchString(manifest) {
		t.Errorf("the release's plugin.json carries no release version:\n%s", manifest)
	}
	s.env.Extra = append(s.env.Extra, "PATH="+noGoPath(t))
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
	settle(t, s.env.Home)
	checkPathTip(t, s)
	if line := s.redraw(t); !strings.Contains(line, "sid:"+s.sid[:8]) {
		t.Errorf("the status line from the release does not draw:\n%q", line)
	}
}

// checkPathTip: installed with Claude Code alone, the first session
// tells the user how to put si and ai on PATH, in a message the model
// never sees; the command it names does so, and later sessions say
// nothing more.
func checkPathTip(t *testing.T, s *session) {
	t.Helper()
	stable := filepath.Join(s.env.Home, ".claude", "session-intelligence", "bin", "si")
	tip := sessionstart.PathTip("~/.claude/session-intelligence/bin/si", "session-intelligence@session-intelligence")
	if transcript := readFile(t, s.env.TranscriptPath(s.sid)); !strings.Contains(transcript, tip) {
		t.Errorf("the first session's transcript lacks the PATH tip %q", tip)
	}
	for i, r := range s.api.MessageRequests() {
		if r.Contains("si and ai work inside Claude Code only") {
			t.Errorf("request %d carries the PATH tip, which is for the user only", i+1)
		}
	}
	install := exec.Command(stable, "install", "--plugin", "session-intelligence@session-intelligence")
	install.Env = append(os.Environ(), "HOME="+s.env.Home, "PATH="+noGoPath(t))
	if msg, err := install.CombinedOutput(); err != nil {
		t.Fatalf("the tip's command: %v\n%s", err, msg)
	}
	onPath := filepath.Join(s.env.Home, ".local", "bin", "si")
	if msg, err := exec.Command(onPath, "--version").CombinedOutput(); err != nil {
		t.Errorf("si on PATH after the tip's command: %v\n%s", err, msg)
	}
	sid2 := "00000000-0000-4000-8000-00000000beef"
	s.exec(t, "again", "--session-id", sid2)
	if strings.Contains(readFile(t, s.env.TranscriptPath(sid2)), "si and ai work inside Claude Code only") {
		t.Error("a later session repeats the PATH tip")
	}
}

// settle waits, at the end of the test, until nothing under dir has
// changed for a moment (at most 10 s): a redraw starts detached
// refreshers that may still be writing when the test returns, and the
// scratch HOME's removal must not race them.
func settle(t *testing.T, dir string) {
	t.Cleanup(func() {
		last, quiet := "", 0
		for i := 0; i < 100 && quiet < 3; i++ {
			out, _ := exec.Command("find", dir, "-newermt", "-1 second").Output()
			if now := string(out); now == last || now == "" {
				quiet++
			} else {
				last, quiet = now, 0
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
}
