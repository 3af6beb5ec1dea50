package lock

import (
	"bufio"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/testkit/filemode"
)

// busyWait is how long a contender waits for a held lock; short, since
// the timeout itself is under test.
const busyWait = 50 * time.Millisecond

func timeout(t testing.TB, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

func TestAcquireCreatesPrivateFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new", "dir", ".lock")
	release, err := Acquire(context.Background(), path)
	if err != nil {
		t.Fatalf("Acquire: %v", err)
	}
	if err := release(); err != nil {
		t.Errorf("release: %v", err)
	}
	tests := []struct {
		name string
		path string
		perm os.FileMode
	}{
		{"lock file", path, 0o600},
		{"parent dir", filepath.Dir(path), 0o700},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := os.Stat(tt.path); err != nil {
				t.Fatalf("%s missing after release (a lock file is never deleted): %v", tt.name, err)
			}
			filemode.Check(t, tt.path, tt.perm)
		})
	}
}

func TestAcquireTimesOutWhileHeld(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".lock")
	release, err := Acquire(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	errc := make(chan error, 1)
	ctx := timeout(t, busyWait)
	go func() {
		_, err := Acquire(ctx, path)
		errc <- err
	}()
	if err := <-errc; !errors.Is(err, ErrTimeout) {
		t.Errorf("second Acquire while held = %v, want ErrTimeout", err)
	}
	if err := release(); err != nil {
		t.Fatal(err)
	}
	release2, err := Acquire(timeout(t, time.Second), path)
	if err != nil {
		t.Fatalf("Acquire after release = %v, want nil", err)
	}
	_ = release2()
	if _, err := os.Stat(path); err != nil {
		t.Errorf("lock file deleted: %v", err)
	}
}

func TestAcquireCancelled(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".lock")
	release, err := Acquire(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Acquire(ctx, path); !errors.Is(err, ErrTimeout) {
		t.Errorf("Acquire(cancelled ctx) = %v, want ErrTimeout", err)
	}
}

func TestWith(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".lock")
	boom := errors.New("boom")
	tests := []struct {
		name string
		fn   func() error
		want error
	}{
		{"ok", func() error { return nil }, nil},
		{"fn error passed through", func() error { return boom }, boom},
		{"released after error", func() error { return nil }, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ran := false
			err := With(path, busyWait, func() error { ran = true; return tt.fn() })
			if !ran || !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
				t.Errorf("With() = %v (ran %v), want %v (ran true)", err, ran, tt.want)
			}
		})
	}

	release, err := Acquire(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	ran := false
	if err := With(path, busyWait, func() error { ran = true; return nil }); !errors.Is(err, ErrTimeout) || ran {
		t.Errorf("With(held lock) = %v (ran %v), want ErrTimeout without running fn", err, ran)
	}
}

// TestWithSerialises increments a counter kept in a file; without mutual
// exclusion read-modify-write cycles would be lost.
func TestWithSerialises(t *testing.T) {
	dir := t.TempDir()
	path, counter := filepath.Join(dir, ".lock"), filepath.Join(dir, "n")
	const workers, rounds = 8, 25
	var wg sync.WaitGroup
	errs := make(chan error, workers*rounds)
	for range workers {
		wg.Go(func() {
			for range rounds {
				errs <- With(path, 10*time.Second, func() error {
					raw, _ := os.ReadFile(counter)
					n, _ := strconv.Atoi(string(raw))
					return os.WriteFile(counter, []byte(strconv.Itoa(n+1)), 0o600)
				})
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("With: %v", err)
		}
	}
	raw, _ := os.ReadFile(counter)
	if got, want := string(raw), strconv.Itoa(workers*rounds); got != want {
		t.Errorf("counter = %s, want %s (lost updates)", got, want)
	}
}

const helperEnv = "LOCK_HELPER_PATH"

// holdElsewhere takes the lock on path in a child process (the
// os.Args[0] helper pattern) and returns its pid and what makes it
// release the lock and exit.
func holdElsewhere(t *testing.T, path string) (pid int, release func()) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
	cmd.Env = append(os.Environ(), helperEnv+"="+path)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stdin.Close(); _ = cmd.Wait() })
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || line != "locked\n" {
		t.Fatalf("helper said %q, %v, want %q", line, err, "locked\n")
	}
	return cmd.Process.Pid, func() {
		stdin.Close()
		if err := cmd.Wait(); err != nil {
			t.Errorf("helper: %v", err)
		}
	}
}

// TestCrossProcess: this process cannot take a lock a child holds until
// the child exits.
func TestCrossProcess(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".lock")
	_, done := holdElsewhere(t, path)
	if _, err := Acquire(timeout(t, busyWait), path); !errors.Is(err, ErrTimeout) {
		t.Fatalf("Acquire while another process holds the lock = %v, want ErrTimeout", err)
	}
	ran := false
	if err := With(path, busyWait, func() error { ran = true; return nil }); !errors.Is(err, ErrTimeout) || ran {
		t.Errorf("With while another process holds the lock = %v (ran %v), want ErrTimeout", err, ran)
	}
	done() // the helper releases and exits
	release, err := Acquire(timeout(t, 10*time.Second), path)
	if err != nil {
		t.Fatalf("Acquire after the helper released = %v", err)
	}
	_ = release()
}

// TestLockFreedWhenHolderDies: a process killed while it holds the lock
// (a hook at its timeout) leaves it free for the next one; the system
// lets go of the lock with the process.
func TestLockFreedWhenHolderDies(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".lock")
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
	cmd.Env = append(os.Environ(), helperEnv+"="+path)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cmd.StdinPipe(); err != nil { // held open: the helper waits
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if line, err := bufio.NewReader(stdout).ReadString('\n'); err != nil || line != "locked\n" {
		t.Fatalf("helper said %q, %v, want %q", line, err, "locked\n")
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	release, err := Acquire(timeout(t, 10*time.Second), path)
	if err != nil {
		t.Fatalf("Acquire after the holder was killed = %v", err)
	}
	_ = release()
}

// TestHelperProcess takes the lock, says so, and holds it until stdin
// closes. It does nothing in a normal test run.
func TestHelperProcess(t *testing.T) {
	path := os.Getenv(helperEnv)
	if path == "" {
		t.Skip("helper process only")
	}
	release, err := Acquire(timeout(t, 10*time.Second), path)
	if err != nil {
		t.Fatal(err)
	}
	os.Stdout.WriteString("locked\n")
	_, _ = bufio.NewReader(os.Stdin).ReadString('\n')
	if err := release(); err != nil {
		t.Fatal(err)
	}
}

func BenchmarkWith(b *testing.B) {
	path := filepath.Join(b.TempDir(), ".lock")
	for b.Loop() {
		if err := With(path, time.Second, func() error { return nil }); err != nil {
			b.Fatal(err)
		}
	}
}

func TestTryLockAndHeld(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "x.lock")
	if Held(path) {
		t.Fatal("Held on a fresh lock = true")
	}
	release, ok, err := TryLock(path)
	if err != nil || !ok {
		t.Fatalf("TryLock on a free lock = %v, %v", ok, err)
	}
	if !Held(path) {
		t.Error("Held while locked = false")
	}
	if _, ok, err := TryLock(path); ok || err != nil {
		t.Errorf("second TryLock = %v, %v; want false, nil", ok, err)
	}
	if err := release(); err != nil {
		t.Fatal(err)
	}
	if Held(path) {
		t.Error("Held after release = true")
	}
}
