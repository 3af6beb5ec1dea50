//go:build unix

package detach

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// childEnv carries the helper's output file; childDelay how long it
// sleeps before writing, so the write happens after Start returned.
const (
	childEnv   = "DETACH_TEST_CHILD_OUT"
	childDelay = "DETACH_TEST_CHILD_DELAY"
)

// getsid returns the session id of the calling process.
func getsid() int {
	sid, _, errno := syscall.RawSyscall(syscall.SYS_GETSID, 0, 0, 0)
	if errno != 0 {
		return -1
	}
	return int(sid)
}

// TestDetachedChild is the helper process; it does nothing in a normal
// run. It writes "pid sid pgid cwd" to the file named in childEnv.
func TestDetachedChild(t *testing.T) {
	out := os.Getenv(childEnv)
	if out == "" {
		t.Skip("helper process only")
	}
	delay, _ := time.ParseDuration(os.Getenv(childDelay))
	time.Sleep(delay)
	pgid, _ := syscall.Getpgid(0)
	cwd, _ := os.Getwd()
	line := fmt.Sprintf("%d %d %d %s", os.Getpid(), getsid(), pgid, cwd)
	if err := os.WriteFile(out+".tmp", []byte(line), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(out+".tmp", out); err != nil {
		t.Fatal(err)
	}
}

// startChild detaches the test binary as the helper and returns the file
// it will write.
func startChild(t *testing.T, delay time.Duration) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "child.txt")
	env := append(os.Environ(), childEnv+"="+out, childDelay+"="+delay.String())
	if err := Start(exe, []string{"-test.run=^TestDetachedChild$"}, env); err != nil {
		t.Fatalf("Start: %v", err)
	}
	return out
}

// waitFile polls for path for up to 10 s.
func waitFile(t *testing.T, path string) []string {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if data, err := os.ReadFile(path); err == nil {
			return strings.Fields(string(data))
		}
	}
	t.Fatalf("detached child never wrote %s", path)
	return nil
}

func TestStartRunsInNewSession(t *testing.T) {
	out := startChild(t, 300*time.Millisecond)
	if _, err := os.Stat(out); err == nil {
		t.Fatal("child output exists as Start returns: Start waited for the child")
	}
	f := waitFile(t, out)
	if len(f) != 4 {
		t.Fatalf("child wrote %q, want pid sid pgid cwd", f)
	}
	pid, sid, pgid := f[0], f[1], f[2]
	tests := []struct {
		name, got, want string
	}{
		{"session leader (sid == pid)", sid, pid},
		{"group leader (pgid == pid)", pgid, pid},
		{"cwd", f[3], "/"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.name, tt.got, tt.want)
		}
	}
	if sid == strconv.Itoa(getsid()) {
		t.Errorf("child shares the test's session %s", sid)
	}
}

// TestStartLeavesNoZombie runs a child that exits at once while this
// (long-lived) parent keeps running: the child must be reaped.
func TestStartLeavesNoZombie(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("uses /proc")
	}
	f := waitFile(t, startChild(t, 0))
	stat := filepath.Join("/proc", f[0], "stat")
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(stat); errors.Is(err, os.ErrNotExist) {
			return // exited and reaped
		}
	}
	data, _ := os.ReadFile(stat)
	t.Errorf("child %s not reaped after 10 s: %s", f[0], data)
}

func TestStartErrors(t *testing.T) {
	tests := []struct {
		name string
		exe  string
		want error
	}{
		{"relative", "bin/refresher", ErrRelativePath},
		{"bare name", "refresher", ErrRelativePath},
		{"missing", "/nonexistent/refresher", os.ErrNotExist},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := Start(tt.exe, nil, nil); !errors.Is(err, tt.want) {
				t.Errorf("Start(%q) = %v, want %v", tt.exe, err, tt.want)
			}
		})
	}
}
