package segfile

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func pattern(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('a' + i%26)
	}
	return b
}

// TestAppendReadTruncate: appends across segment boundaries read back
// whole, by range and as a stream; truncation cuts at any point.
func TestAppendReadTruncate(t *testing.T) {
	tests := []struct {
		name   string
		chunks []int
		cut    int64
	}{
		{"small", []int{10, 20}, 15},
		{"exact segment", []int{SegmentSize}, SegmentSize},
		{"across", []int{SegmentSize - 3, 10, 2*SegmentSize + 5}, SegmentSize + 1},
		{"cut to zero", []int{SegmentSize + 1}, 0},
		{"cut at boundary", []int{3 * SegmentSize}, 2 * SegmentSize},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := File{Dir: filepath.Join(t.TempDir(), "f")}
			var want []byte
			for _, n := range tt.chunks {
				chunk := pattern(n)
				if err := f.Append(chunk); err != nil {
					t.Fatal(err)
				}
				want = append(want, chunk...)
			}
			if size, err := f.Size(); err != nil || size != int64(len(want)) {
				t.Fatalf("Size = %d, %v; want %d", size, err, len(want))
			}
			got, err := io.ReadAll(f.Reader(0))
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("Reader: %d bytes, %v; want %d", len(got), err, len(want))
			}
			mid := int64(len(want) / 3)
			r, err := f.Range(mid, mid+100, 1<<30)
			if err != nil || !bytes.Equal(r, want[mid:min(mid+100, int64(len(want)))]) {
				t.Errorf("Range(%d) = %d bytes, %v", mid, len(r), err)
			}
			if err := f.Truncate(tt.cut); err != nil {
				t.Fatal(err)
			}
			got, _ = io.ReadAll(f.Reader(0))
			if !bytes.Equal(got, want[:tt.cut]) {
				t.Errorf("after Truncate(%d): %d bytes", tt.cut, len(got))
			}
			if err := f.Append([]byte("z")); err != nil {
				t.Fatal(err)
			}
			if size, err := f.Size(); err != nil || size != tt.cut+1 {
				t.Errorf("append after truncate: Size = %d, %v", size, err)
			}
		})
	}
}

// TestCorrupt: a short middle segment, a gap and a stray name are
// reported, never read past.
func TestCorrupt(t *testing.T) {
	tests := []struct {
		name  string
		setup func(dir string)
	}{
		{"short middle segment", func(dir string) {
			must(t, os.Truncate(filepath.Join(dir, "000000"), 100))
		}},
		{"gap", func(dir string) {
			must(t, os.Rename(filepath.Join(dir, "000001"), filepath.Join(dir, "000002")))
		}},
		{"stray name", func(dir string) {
			must(t, os.WriteFile(filepath.Join(dir, "notes.txt"), nil, 0o600))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := File{Dir: filepath.Join(t.TempDir(), "f")}
			must(t, f.Append(pattern(SegmentSize+10)))
			tt.setup(f.Dir)
			if _, err := f.Size(); !errors.Is(err, ErrCorrupt) {
				t.Errorf("Size = %v, want ErrCorrupt", err)
			}
			if err := f.Append([]byte("x")); !errors.Is(err, ErrCorrupt) {
				t.Errorf("Append = %v, want ErrCorrupt", err)
			}
		})
	}
}

func TestMissingIsEmpty(t *testing.T) {
	f := File{Dir: filepath.Join(t.TempDir(), "none")}
	if n, err := f.Size(); n != 0 || err != nil {
		t.Errorf("Size = %d, %v", n, err)
	}
	if b, err := io.ReadAll(f.Reader(0)); len(b) != 0 || err != nil {
		t.Errorf("Reader = %q, %v", b, err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
