package fsutil

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"
)

// TestWriteAtomicSweepsStaleTemps: the temps a killed writer left beside
// a file go away at the next write of that file, while a temp young
// enough to belong to a live writer, the temps of other files and
// look-alikes of the user's stay.
func TestWriteAtomicSweepsStaleTemps(t *testing.T) {
	old := time.Now().Add(-StaleTemp - time.Minute)
	tests := []struct {
		name  string
		entry string
		mtime time.Time
		dir   bool
		kept  bool
	}{
		{"stale temp", ".settings.json.tmp123456", old, false, false},
		{"fresh temp of a live writer", ".settings.json.tmp987654", time.Now(), false, true},
		{"stale temp of another file", ".other.json.tmp123456", old, false, true},
		{"not a CreateTemp name", ".settings.json.tmp-notes", old, false, true},
		{"bare prefix", ".settings.json.tmp", old, false, true},
		{"directory", ".settings.json.tmp42", old, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			stray := filepath.Join(dir, tt.entry)
			var err error
			if tt.dir {
				err = os.Mkdir(stray, 0o700)
			} else {
				err = os.WriteFile(stray, []byte("partial"), 0o600)
			}
			if err == nil {
				err = os.Chtimes(stray, tt.mtime, tt.mtime)
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := WriteAtomic(filepath.Join(dir, "settings.json"), []byte("{}"), 0o600, NoSync); err != nil {
				t.Fatal(err)
			}
			want := []string{"settings.json"}
			if tt.kept {
				want = append(want, tt.entry)
				slices.Sort(want)
			}
			if got := names(t, dir); !slices.Equal(got, want) {
				t.Errorf("after WriteAtomic dir holds %q, want %q", got, want)
			}
		})
	}
}

// TestWriteAtomicKeepsOthersTemps: in a shared directory a stale temp of
// another user is not ours to remove.
func TestWriteAtomicKeepsOthersTemps(t *testing.T) {
	dir := t.TempDir()
	stray := filepath.Join(dir, ".f.tmp1")
	old := time.Now().Add(-time.Hour)
	if err := os.WriteFile(stray, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Lchown(stray, 65534, 65534); err != nil {
		t.Skip("cannot give a file to another user:", err)
	}
	if err := os.Chtimes(stray, old, old); err != nil {
		t.Fatal(err)
	}
	if err := WriteAtomic(filepath.Join(dir, "f"), nil, 0o600, NoSync); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(stray); err != nil {
		t.Errorf("another user's temp was removed: %v", err)
	}
}

// BenchmarkWriteAtomic is the cost of a cache write, sweep included, in
// a directory the size of ~/.claude.
func BenchmarkWriteAtomic(b *testing.B) {
	dir := b.TempDir()
	for i := range 40 {
		if err := os.WriteFile(filepath.Join(dir, "entry"+strconv.Itoa(i)), nil, 0o600); err != nil {
			b.Fatal(err)
		}
	}
	path := filepath.Join(dir, "cache.json")
	data := []byte(`{"k":1}`)
	for b.Loop() {
		if err := WriteAtomic(path, data, 0o600, NoSync); err != nil {
			b.Fatal(err)
		}
	}
}
