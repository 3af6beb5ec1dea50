package fsutil

import (
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

const helperEnv = "FSUTIL_APPEND_HELPER"

// TestAppendLineFailedWriteTruncated simulates a full disk: a helper
// process lowers RLIMIT_FSIZE so that the write of a line stops part-way
// (EFBIG), and AppendLine must cut the partial line away again.
func TestAppendLineFailedWriteTruncated(t *testing.T) {
	path := filepath.Join(t.TempDir(), "log.jsonl")
	const before = "first line\n"
	if err := os.WriteFile(path, []byte(before), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestAppendLineHelperProcess$")
	cmd.Env = append(os.Environ(), helperEnv+"="+path)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("helper: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "append failed:") {
		t.Fatalf("helper did not see a failed append:\n%s", out)
	}
	got, _ := os.ReadFile(path)
	if string(got) != before {
		t.Errorf("file after a failed append = %q, want %q (partial line left behind)", got, before)
	}
}

// TestAppendLineHelperProcess is the helper; it does nothing in a normal
// test run.
func TestAppendLineHelperProcess(t *testing.T) {
	path := os.Getenv(helperEnv)
	if path == "" {
		t.Skip("helper process only")
	}
	signal.Ignore(syscall.SIGXFSZ)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Fatal(err)
	}
	lim.Cur = uint64(fi.Size()) + 10 // room for 10 bytes of the line only
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Skipf("setrlimit: %v", err)
	}
	err = AppendLine(path, []byte(strings.Repeat("x", 100)))
	if err == nil {
		t.Fatal("AppendLine past RLIMIT_FSIZE = nil, want an error")
	}
	os.Stdout.WriteString("append failed: " + err.Error() + "\n")
}
