//go:build unix

package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A read-only ~/.claude: a clear error naming the file and the
// directory, and nothing written. Root ignores permission bits, so as
// root the test runs itself again as nobody.
func TestReadOnlyConfigDir(t *testing.T) {
	if home := os.Getenv("SI_TEST_READONLY_HOME"); home != "" {
		readOnlyCheck(t, home)
		return
	}
	base := t.TempDir()
	home := filepath.Join(base, "home")
	path := writeConfig(t, home, "{\"compact\": {\"threshold\": 40}}\n")
	if err := os.Chmod(filepath.Dir(path), 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(filepath.Dir(path), 0o700) })
	if os.Geteuid() != 0 {
		readOnlyCheck(t, home)
		return
	}
	for _, dir := range []string{filepath.Dir(base), base, home} {
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	_ = os.Chmod(path, 0o644)
	bin := filepath.Join(base, "sicli.test")
	data, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-test.run=^TestReadOnlyConfigDir$", "-test.v")
	cmd.Env = append(os.Environ(), "SI_TEST_READONLY_HOME="+home)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "--- PASS: TestReadOnlyConfigDir") {
		t.Errorf("as nobody: %v\n%s", err, out)
	}
}

func readOnlyCheck(t *testing.T, home string) {
	path := filepath.Join(home, ".claude", "session-intelligence.json")
	before, _ := os.ReadFile(path)
	code, out, errs := run(home, "set", "compact.threshold", "80", "--yes")
	want := path + ": cannot write: " + filepath.Dir(path) + " is not writable: nothing was changed"
	if code != 1 || !strings.Contains(errs, want) || strings.Contains(out, "Wrote") {
		t.Errorf("code %d\nstdout %s\nstderr %s\nwant %s", code, out, errs, want)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) || len(entries) != 1 {
		t.Errorf("file changed or %d entries", len(entries))
	}
}
