package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
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
