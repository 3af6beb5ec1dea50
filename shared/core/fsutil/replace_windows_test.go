//go:build windows

package fsutil

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestReplaceWaitsForReader: a reader holding the target open makes the
// rename fail at first; Replace succeeds once the reader lets go.
func TestReplaceWaitsForReader(t *testing.T) {
	dir := t.TempDir()
	from, to := filepath.Join(dir, "new"), filepath.Join(dir, "target")
	writeFiles(t, map[string]string{from: "new", to: "old"})
	reader, err := os.Open(to)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(from, to); err == nil {
		reader.Close()
		t.Skip("this Windows replaces open files")
	}
	time.AfterFunc(50*time.Millisecond, func() { reader.Close() })
	if err := Replace(from, to); err != nil {
		t.Fatalf("Replace = %v", err)
	}
	if data, _ := os.ReadFile(to); string(data) != "new" {
		t.Errorf("target holds %q", data)
	}
}
