//go:build windows

package proc

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// helperEnv selects what TestProcHelper does in a child process.
const helperEnv = "PROC_TEST_HELPER"

// helper is this test binary run as TestProcHelper in mode.
func helper(ctx context.Context, mode string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, os.Args[0], append([]string{"-test.run=^TestProcHelper$", "--"}, args...)...)
	cmd.Env = append(os.Environ(), helperEnv+"="+mode)
	return cmd
}

// TestProcHelper is the child of the tests below; it does nothing in a
// normal test run.
func TestProcHelper(t *testing.T) {
	args := flagArgs()
	switch os.Getenv(helperEnv) {
	case "":
		t.Skip("helper process only")
	case "parent": // start a sleeping child, name its pid in args[0], wait
		child := helper(context.Background(), "sleep")
		if err := child.Start(); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(args[0], []byte(strconv.Itoa(child.Process.Pid)), 0o600); err != nil {
			t.Fatal(err)
		}
		_ = child.Wait()
	case "sleep":
		time.Sleep(time.Minute)
	case "exit":
		fmt.Println("hi")
		os.Exit(3)
	case "exec":
		err := Exec(os.Args[0], []string{"replaced", "-test.run=^TestProcHelper$"},
			append(os.Environ(), helperEnv+"=exit"))
		t.Fatalf("Exec returned: %v", err)
	}
}

// flagArgs is what follows "--" on the command line.
func flagArgs() []string {
	for i, a := range os.Args {
		if a == "--" {
			return os.Args[i+1:]
		}
	}
	return nil
}

// TestRunGroupKillsTree: when the context ends, the grandchild the
// child started dies with it (the job object), and RunGroup returns.
func TestRunGroupKillsTree(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- RunGroup(helper(ctx, "parent", pidFile)) }()
	pid := 0
	for deadline := time.Now().Add(30 * time.Second); pid == 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the child never started its own")
		}
		data, _ := os.ReadFile(pidFile)
		pid, _ = strconv.Atoi(strings.TrimSpace(string(data)))
	}
	cancel()
	select {
	case err := <-done:
		if err == nil {
			t.Error("RunGroup = nil after its context ended, want the kill's error")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("RunGroup still waits 10 s after its context ended")
	}
	for deadline := time.Now().Add(5 * time.Second); Alive(pid); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("grandchild %d still runs after its group was killed", pid)
		}
	}
}

// TestRunGroupExitCode: a child that ends by itself is waited for as
// cmd.Run would, its exit code and output kept.
func TestRunGroupExitCode(t *testing.T) {
	cmd := helper(t.Context(), "exit")
	var out strings.Builder
	cmd.Stdout = &out
	err := RunGroup(cmd)
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 3 || !strings.HasPrefix(out.String(), "hi\n") {
		t.Errorf("RunGroup = %v, stdout %q; want exit status 3 and hi", err, out.String())
	}
	missing := filepath.Join(t.TempDir(), "nonexistent.exe")
	if err := RunGroup(exec.CommandContext(t.Context(), missing)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("RunGroup(missing) = %v, want not exist", err)
	}
}

func TestAlive(t *testing.T) {
	done := helper(t.Context(), "exit")
	_ = done.Run()
	tests := []struct {
		name string
		pid  int
		want bool
	}{
		{"this process", os.Getpid(), true},
		{"a finished child", done.Process.Pid, false},
		{"zero", 0, false},
		{"negative", -1, false},
	}
	for _, tt := range tests {
		if got := Alive(tt.pid); got != tt.want {
			t.Errorf("Alive(%s %d) = %v, want %v", tt.name, tt.pid, got, tt.want)
		}
	}
}

// TestExec: Windows cannot replace a process, so the program runs as a
// child on the same streams and its exit status becomes this process's.
func TestExec(t *testing.T) {
	out, err := helper(t.Context(), "exec").Output()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 3 || !strings.HasPrefix(string(out), "hi\n") {
		t.Errorf("helper = %v, stdout %q; want exit 3 and the program's line", err, out)
	}
	if err := Exec(filepath.Join(t.TempDir(), "nonexistent.exe"), []string{"prog"}, nil); err == nil {
		t.Error("Exec of a missing program returned nil")
	}
}
