package fsutil

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

// replacesHeldFiles reports whether this system replaces a file that a
// reader of ours ([OpenRegular]) holds open: every unix does, and so does
// Windows 10 1607 and later on NTFS; Wine, FAT and older Windows refuse
// until the reader lets go.
func replacesHeldFiles(t *testing.T) bool {
	t.Helper()
	from, to, f := heldTarget(t)
	defer f.Close()
	return Replace(from, to) == nil
}

// heldTarget makes a new file and a target beside it ("new" and "old")
// and opens the target as our readers do.
func heldTarget(t *testing.T) (from, to string, f *os.File) {
	t.Helper()
	dir := t.TempDir()
	from, to = filepath.Join(dir, "new"), filepath.Join(dir, "target")
	writeFiles(t, map[string]string{from: "new", to: "old"})
	f, _, err := OpenRegular(to)
	if err != nil {
		t.Fatal(err)
	}
	return from, to, f
}

func writeFiles(t *testing.T, files map[string]string) {
	t.Helper()
	for p, text := range files {
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

// TestReplaceWhileReaderHolds: a reader that holds the old file while
// Replace puts a new one in its place reads the old content to the end,
// and later readers get the new. Where the system refuses to replace a
// held file, Replace says the file is busy and leaves both files whole.
func TestReplaceWhileReaderHolds(t *testing.T) {
	replacesHeld := replacesHeldFiles(t)
	from, to, f := heldTarget(t)
	err := Replace(from, to)
	held, rerr := io.ReadAll(f)
	f.Close()
	if string(held) != "old" || rerr != nil {
		t.Errorf("the holder read %q, %v; want the old content", held, rerr)
	}
	want := "new"
	switch {
	case replacesHeld && err != nil:
		t.Fatalf("Replace while a reader holds the file = %v", err)
	case !replacesHeld && !busy(err):
		t.Fatalf("Replace on a system that keeps held files = %v, want a busy refusal", err)
	case !replacesHeld:
		want = "old"
		if data, _ := os.ReadFile(from); string(data) != "new" {
			t.Errorf("the refused new file holds %q", data)
		}
	}
	if data, _ := os.ReadFile(to); string(data) != want {
		t.Errorf("target holds %q, want %q", data, want)
	}
}
