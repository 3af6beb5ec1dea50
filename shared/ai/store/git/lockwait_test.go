package git

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/lock"
)

// TestLockHolderHelper holds a store's write lock until stdin closes; the
// child of TestWriterSaysItWaits.
func TestLockHolderHelper(t *testing.T) {
	dir := os.Getenv("GITSTORE_HOLD_DIR")
	if dir == "" {
		t.Skip("helper process for TestWriterSaysItWaits")
	}
	s, _, err := Open(dir, opts(1))
	if err != nil {
		t.Fatal(err)
	}
	_ = s.Locked(0, func() error {
		os.Stdout.WriteString("locked\n")
		_, _ = bufio.NewReader(os.Stdin).ReadString('\n')
		return nil
	})
}

// TestWriterSaysItWaits: a writer that finds the write lock held by
// another process is told at once (through lock.ReportWaits, which `ai`
// prints), with the lock and the holder, and gives up at its limit with
// an error naming them; its change is not made. The limit by default is
// well under the two minutes of Claude Code's Bash tool.
func TestWriterSaysItWaits(t *testing.T) {
	if DefaultLockWait >= time.Minute {
		t.Errorf("DefaultLockWait %v: want well under Claude Code's 2-minute Bash limit", DefaultLockWait)
	}
	s := scratch(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestLockHolderHelper$", "-test.count=1")
	cmd.Env = append(os.Environ(), "GITSTORE_HOLD_DIR="+s.Dir())
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { stdin.Close(); _ = cmd.Wait() }()
	if line, err := bufio.NewReader(stdout).ReadString('\n'); line != "locked\n" {
		t.Fatalf("helper said %q, %v", line, err)
	}
	var waits []lock.Wait
	lock.ReportWaits(func(w lock.Wait) { waits = append(waits, w) })
	defer lock.ReportWaits(nil)
	o := opts(1)
	o.LockWait = 2 * time.Second
	s2, _, err := Open(s.Dir(), o)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := s2.Head()
	_, err = s2.Update(func(tx *Tx) (string, error) { tx.Write("a.txt", []byte("x\n")); return "blocked", nil })
	holder := ""
	if runtime.GOOS == "linux" {
		holder = fmt.Sprintf("pid %d (git.test", cmd.Process.Pid)
	}
	if len(waits) != 1 || !strings.HasSuffix(waits[0].Path, "ai-write.lock") || waits[0].Limit != 2*time.Second || !strings.HasPrefix(waits[0].Holder, holder) {
		t.Fatalf("waits %+v, want one for ai-write.lock of 2s held by %q…", waits, holder)
	}
	if !errors.Is(err, lock.ErrTimeout) || !strings.Contains(err.Error(), "ai-write.lock") || !strings.Contains(err.Error(), holder) {
		t.Errorf("error %v, want the lock's and its holder's names", err)
	}
	if after, _ := s2.Head(); after != before {
		t.Error("a writer that gave up committed")
	}
}
