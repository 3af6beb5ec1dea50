package fsutil

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/filemode"
)

// names lists the entries of dir.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

func TestWriteAtomic(t *testing.T) {
	tests := []struct {
		name string
		old  []byte // existing content, nil for none
		data []byte
		perm os.FileMode
		d    Durability
	}{
		{"new private file", nil, []byte("hello"), 0o600, Sync},
		{"new shared file", nil, []byte("x"), 0o644, NoSync},
		{"replace", []byte("old content that is longer"), []byte("new"), 0o600, Sync},
		{"empty", []byte("old"), []byte{}, 0o640, NoSync},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "f.json")
			if tt.old != nil {
				if err := os.WriteFile(path, tt.old, 0o666); err != nil {
					t.Fatal(err)
				}
			}
			if err := WriteAtomic(path, tt.data, tt.perm, tt.d); err != nil {
				t.Fatalf("WriteAtomic: %v", err)
			}
			got, err := os.ReadFile(path)
			if err != nil || !bytes.Equal(got, tt.data) {
				t.Errorf("content = %q, %v, want %q", got, err, tt.data)
			}
			filemode.Check(t, path, tt.perm)
			if n := names(t, dir); len(n) != 1 || n[0] != "f.json" {
				t.Errorf("dir holds %q, want only f.json", n)
			}
		})
	}
}

func TestWriteAtomicError(t *testing.T) {
	t.Run("missing dir", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "nope", "f")
		if err := WriteAtomic(path, []byte("x"), 0o600, Sync); err == nil {
			t.Fatal("WriteAtomic into a missing dir = nil, want an error")
		}
		if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("stat after failed write: %v, want not-exist", err)
		}
	})
	t.Run("rename over a directory", func(t *testing.T) {
		dir := t.TempDir()
		target := filepath.Join(dir, "d")
		if err := os.Mkdir(target, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(target, "keep"), []byte("k"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := WriteAtomic(target, []byte("x"), 0o600, Sync); err == nil {
			t.Fatal("WriteAtomic over a non-empty dir = nil, want an error")
		}
		if n := names(t, dir); len(n) != 1 || n[0] != "d" {
			t.Errorf("dir holds %q after a failed write, want only d (no temp file)", n)
		}
		if got, _ := os.ReadFile(filepath.Join(target, "keep")); string(got) != "k" {
			t.Errorf("target dir content changed: %q", got)
		}
	})
}

// TestWriteAtomicNeverPartial replaces a file over and over while readers
// (the plugin's own, [ReadCapped]) check they only ever see one of the two
// complete versions. Where the system cannot replace a file a reader
// holds open (Wine, FAT, a Windows older than 10 1607: see [Replace]), a
// write may be refused as busy instead, and the file stays whole.
func TestWriteAtomicNeverPartial(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	a := bytes.Repeat([]byte("a"), 256<<10)
	b := bytes.Repeat([]byte("b"), 128<<10)
	if err := WriteAtomic(path, a, 0o600, NoSync); err != nil {
		t.Fatal(err)
	}
	replacesHeld := replacesHeldFiles(t)
	done := make(chan struct{})
	var wg sync.WaitGroup
	bad := make(chan string, 4)
	for range 4 {
		wg.Go(func() {
			for {
				select {
				case <-done:
					return
				default:
				}
				got, err := ReadCapped(path, 1<<20)
				if err != nil || !bytes.Equal(got, a) && !bytes.Equal(got, b) {
					bad <- fmt.Sprintf("%q… of %d bytes, %v", got[:min(len(got), 8)], len(got), err)
					return
				}
			}
		})
	}
	// A refused write first waits out Replace's retries: fewer rounds there.
	rounds, refused := 200, 0
	if !replacesHeld {
		rounds = 20
	}
	for i := range rounds {
		data := a
		if i%2 == 0 {
			data = b
		}
		if err := WriteAtomic(path, data, 0o600, NoSync); err != nil {
			if replacesHeld || !busy(err) {
				close(done)
				wg.Wait()
				t.Fatal(err)
			}
			refused++
		}
	}
	close(done)
	wg.Wait()
	close(bad)
	for msg := range bad {
		t.Errorf("reader saw a partial file: %s", msg)
	}
	if refused > 0 {
		t.Logf("%d of %d writes refused while readers held the file", refused, rounds)
	}
	if err := WriteAtomic(path, a, 0o600, NoSync); err != nil {
		t.Errorf("write with no reader left: %v", err)
	}
	if names := names(t, filepath.Dir(path)); len(names) != 1 {
		t.Errorf("dir holds %q, want only f", names)
	}
}

func TestPrivateDir(t *testing.T) {
	base := t.TempDir()
	loose := filepath.Join(base, "loose")
	if err := os.Mkdir(loose, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(loose, 0o755); err != nil { // defeat the umask
		t.Fatal(err)
	}
	file, parent := filepath.Join(base, "file"), filepath.Join(base, "parent")
	for _, f := range []string{file, parent} {
		if err := os.WriteFile(f, nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name, dir string
		wantErr   bool
	}{
		{"new nested", filepath.Join(base, "a", "b", "c"), false},
		{"tightens 0755", loose, false},
		{"already private", loose, false},
		{"a file: moved aside", file, false},
		{"below a file: the parent is not ours to move", filepath.Join(parent, "sub"), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := PrivateDir(tt.dir)
			if (err != nil) != tt.wantErr {
				t.Fatalf("PrivateDir(%q) = %v, want error %v", tt.dir, err, tt.wantErr)
			}
			if tt.wantErr {
				return
			}
			if fi, err := os.Stat(tt.dir); err != nil || !fi.IsDir() {
				t.Fatalf("PrivateDir(%q): %v, %v, want a directory", tt.dir, fi, err)
			}
			filemode.Check(t, tt.dir, 0o700)
		})
	}
	// The parents PrivateDir had to create are as private as the leaf.
	for _, p := range []string{filepath.Join(base, "a"), filepath.Join(base, "a", "b")} {
		filemode.Check(t, p, 0o700)
	}
}

func TestReadCapped(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	if err := os.WriteFile(path, []byte("0123456789"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		path  string
		limit int64
		want  string
		err   error
	}{
		{"under", path, 100, "0123456789", nil},
		{"exactly", path, 10, "0123456789", nil},
		{"one over", path, 9, "", ErrTooLarge},
		{"zero", path, 0, "", ErrTooLarge},
		{"missing", filepath.Join(dir, "nope"), 10, "", fs.ErrNotExist},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadCapped(tt.path, tt.limit)
			if string(got) != tt.want || !errors.Is(err, tt.err) || (tt.err == nil) != (err == nil) {
				t.Errorf("ReadCapped(%d) = %q, %v, want %q, %v", tt.limit, got, err, tt.want, tt.err)
			}
		})
	}
}

func TestAppendLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "log.jsonl")
	for _, line := range []string{`{"a":1}`, "", `{"b":2}`} {
		if err := AppendLine(path, []byte(line)); err != nil {
			t.Fatalf("AppendLine(%q): %v", line, err)
		}
	}
	got, _ := os.ReadFile(path)
	if want := "{\"a\":1}\n\n{\"b\":2}\n"; string(got) != want {
		t.Errorf("file = %q, want %q", got, want)
	}
	filemode.Check(t, path, 0o600)

	// An existing file keeps its content and loses group and other access.
	loose := filepath.Join(t.TempDir(), "loose")
	if err := os.WriteFile(loose, []byte("first\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(loose, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := AppendLine(loose, []byte("second")); err != nil {
		t.Fatal(err)
	}
	if got, _ = os.ReadFile(loose); string(got) != "first\nsecond\n" {
		t.Errorf("reopened file = %q, want %q", got, "first\nsecond\n")
	}
	filemode.Check(t, loose, 0o600)

	if err := AppendLine(filepath.Join(t.TempDir(), "no", "dir"), []byte("x")); err == nil {
		t.Error("AppendLine into a missing dir = nil, want an error")
	}
}

func BenchmarkAppendLine(b *testing.B) {
	path := filepath.Join(b.TempDir(), "f")
	line := []byte(`{"t":1714000000,"tok":155432,"tool":"Read","root":"src/auth","file":"src/auth/login.ts"}`)
	for b.Loop() {
		if err := AppendLine(path, line); err != nil {
			b.Fatal(err)
		}
	}
}
