//go:build unix

package proc

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// gone reports whether pid has exited: not there, or a zombie nobody
// has reaped yet (a container's init may never reap it).
func gone(pid int) bool {
	if !Alive(pid) {
		return true
	}
	if runtime.GOOS != "linux" {
		return false
	}
	stat, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return true
	}
	_, rest, _ := bytes.Cut(stat, []byte(") "))
	return bytes.HasPrefix(rest, []byte("Z"))
}

// TestRunGroupKillsTree: when the context ends, the grandchild the
// child started dies with it, and RunGroup returns at once.
func TestRunGroupKillsTree(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	ctx, cancel := context.WithTimeout(t.Context(), 500*time.Millisecond)
	defer cancel()
	cmd := exec.CommandContext(ctx, "/bin/sh", "-c", `sleep 60 & echo $! > "$1"; wait`, "sh", pidFile)
	start := time.Now()
	err := RunGroup(cmd)
	if err == nil || ctx.Err() == nil {
		t.Fatalf("RunGroup = %v with ctx %v; want the kill's error after the timeout", err, ctx.Err())
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("RunGroup took %v after the timeout", took)
	}
	data, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(5 * time.Second); !gone(pid); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("grandchild %d still runs after its group was killed", pid)
		}
	}
}

// TestRunGroupExitCode: a child that ends by itself is waited for as
// cmd.Run would, its exit code kept.
func TestRunGroupExitCode(t *testing.T) {
	var out bytes.Buffer
	cmd := exec.CommandContext(t.Context(), "/bin/sh", "-c", "echo hi; exit 3")
	cmd.Stdout = &out
	err := RunGroup(cmd)
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 3 || out.String() != "hi\n" {
		t.Errorf("RunGroup = %v, stdout %q; want exit status 3 and hi", err, out.String())
	}
	if err := RunGroup(exec.CommandContext(t.Context(), "/nonexistent/prog")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("RunGroup(missing) = %v, want not exist", err)
	}
}

func TestAlive(t *testing.T) {
	done := exec.Command("/bin/sh", "-c", "exit 0")
	if err := done.Run(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		pid  int
		want bool
	}{
		{"this process", os.Getpid(), true},
		{"init", 1, true}, // another user's: EPERM counts as alive
		{"a reaped child", done.Process.Pid, false},
		{"zero", 0, false},
		{"negative", -1, false},
	}
	for _, tt := range tests {
		if got := Alive(tt.pid); got != tt.want {
			t.Errorf("Alive(%s %d) = %v, want %v", tt.name, tt.pid, got, tt.want)
		}
	}
}

// TestExecHelper is the child of TestExec: it replaces itself with sh.
func TestExecHelper(t *testing.T) {
	if os.Getenv("PROC_TEST_EXEC") == "" {
		t.Skip("helper process only")
	}
	err := Exec("/bin/sh", []string{"sh", "-c", `echo "replaced $PROC_TEST_EXEC"; exit 7`}, os.Environ())
	t.Fatalf("Exec returned: %v", err)
}

// TestExec: the program takes over the process, its output and exit
// status; a program that cannot start is an error.
func TestExec(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestExecHelper$")
	cmd.Env = append(os.Environ(), "PROC_TEST_EXEC=yes")
	out, err := cmd.Output()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 7 || string(out) != "replaced yes\n" {
		t.Errorf("helper = %v, stdout %q; want exit 7 and the shell's line only", err, out)
	}
	if err := Exec("/nonexistent/prog", []string{"prog"}, nil); err == nil {
		t.Error("Exec of a missing program returned nil")
	}
}
