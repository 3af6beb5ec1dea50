package cli

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// run runs si in-process with HOME set to home.
func run(home string, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	env := Env{IO: proc.IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Now: time.Now,
		Getenv: func(k string) string {
			if k == "HOME" {
				return home
			}
			return ""
		}}}
	code = Main(args, env)
	return code, out.String(), errb.String()
}

func writeConfig(t *testing.T, home, text string) string {
	t.Helper()
	path := filepath.Join(home, ".claude", "session-intelligence.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// Without --yes (or with --yes=false) nothing is written: not the file,
// not a backup, not even the lock file.
func TestEditWithoutYesWritesNothing(t *testing.T) {
	home := t.TempDir()
	path := writeConfig(t, home, "{\"compact\": {\"threshold\": 40}}\n")
	for _, args := range [][]string{
		{"set", "compact.threshold", "80"},
		{"set", "compact.threshold", "80", "--yes=false"},
		{"reset", "*"},
		{"config", "--apply", "Debug log = true"},
	} {
		code, out, errs := run(home, args...)
		if code != 0 || !strings.Contains(out, "Not written.") || errs != "" {
			t.Errorf("si %v: code %d\n%s%s", args, code, out, errs)
		}
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if data, _ := os.ReadFile(path); string(data) != "{\"compact\": {\"threshold\": 40}}\n" || len(entries) != 1 {
		t.Errorf("file now %q, %d entries in the directory", data, len(entries))
	}
}

// Goroutines running si set at once on different keys: every write
// survives, because each re-reads the file under the lock.
func TestConcurrentSetKeepsEveryWrite(t *testing.T) {
	home := t.TempDir()
	writeConfig(t, home, "{}\n")
	keys := []string{"compact.threshold", "shape.maxEntries", "toolArchive.ttlDays", "toolArchive.maxPerSession",
		"taskChange.transcriptTurns", "statusline.maxTaskLength", "statusline.maxCwdLength", "taskChange.conversationalMaxLen"}
	var wg sync.WaitGroup
	for i, k := range keys {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if code, out, errs := run(home, "set", k, fmt.Sprint(100+i), "--yes"); code != 0 {
				t.Errorf("set %s: %d %s%s", k, code, out, errs)
			}
		}()
	}
	wg.Wait()
	for i, k := range keys {
		if _, out, _ := run(home, "get", k); strings.TrimSpace(out) != fmt.Sprint(100+i) {
			t.Errorf("%s = %q, want %d", k, out, 100+i)
		}
	}
}

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
