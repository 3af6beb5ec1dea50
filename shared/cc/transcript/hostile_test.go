//go:build unix

package transcript

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestScanPassesBadLines: a line that does not decode is counted and
// passed over; the responses around it still count, and the next call,
// with nothing new, does not read it again.
func TestScanPassesBadLines(t *testing.T) {
	null := strings.Replace(usageLine, `"thinking_tokens":0`, `"thinking_tokens":null`, 1)
	stray := strings.Replace(asst("m2", "r2", "claude-opus-4-6", 1, 1, 1, 1, ""), `"input_tokens":1`, `"input_tokens":x1`, 1)
	path := write(t, null, stray, asst("m3", "r3", "claude-opus-4-6", 5, 5, 5, 5, ""))
	cache := t.TempDir()
	for call := 1; call <= 2; call++ {
		s, err := Scan(path, cache)
		if err != nil {
			t.Fatalf("call %d: %v", call, err)
		}
		if s.Responses != 2 || s.BadLines != 1 {
			t.Errorf("call %d: %d responses, %d bad lines; want 2 and 1", call, s.Responses, s.BadLines)
		}
		if fi, _ := os.Stat(path); s.Offset != fi.Size() {
			t.Errorf("call %d: offset %d, want the end %d (the bad line passed)", call, s.Offset, fi.Size())
		}
	}
	appendTo(t, path, stray+"\n")
	s, err := Scan(path, cache)
	if err != nil || s.BadLines != 2 {
		t.Errorf("after a second bad line: %d bad lines, %v; want 2 (the first one not counted again)", s.BadLines, err)
	}
}

// TestScanRefusesNonRegular: a FIFO, a directory and a device are
// refused at once, without blocking on the open or reading forever.
func TestScanRefusesNonRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(fifo, link); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{fifo, link, dir, "/dev/zero", "/dev/null"} {
		done := make(chan error, 1)
		go func() { _, err := Scan(path, t.TempDir()); done <- err }()
		select {
		case err := <-done:
			if !errors.Is(err, ErrNotFile) {
				t.Errorf("Scan(%s) = %v, want ErrNotFile", path, err)
			}
		case <-time.After(2 * time.Second):
			t.Fatalf("Scan(%s) blocked", path)
		}
	}
}

// TestScanSparseGiant: a symlink to a 2 GB sparse file (no newline at
// all) is read at most Budget bytes per call (BenchmarkScanSparseGiant
// times one), and the giant line is skipped, never held in memory.
func TestScanSparseGiant(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 256 MB")
	}
	dir := t.TempDir()
	big := filepath.Join(dir, "big")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(2 << 30); err != nil {
		t.Skipf("sparse file: %v", err)
	}
	f.Close()
	link := filepath.Join(dir, "t.jsonl")
	if err := os.Symlink(big, link); err != nil {
		t.Fatal(err)
	}
	s, err := Scan(link, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if s.Offset != Budget || !s.SkipLine || !s.Behind {
		t.Errorf("offset %d skip %v behind %v; want %d, true, true", s.Offset, s.SkipLine, s.Behind, Budget)
	}
}
