package fsutil

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/filemode"
)

func TestCopyAtomic(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	if err := os.WriteFile(src, []byte("program"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		src     string
		limit   int64
		wantErr error
	}{
		{"copies", src, 100, nil},
		{"over the cap", src, 3, ErrTooLarge},
		{"missing", filepath.Join(dir, "nope"), 100, os.ErrNotExist},
		{"a directory", dir, 100, ErrNotRegular},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dst := filepath.Join(dir, "dst-"+tt.name)
			data, err := CopyAtomic(tt.src, dst, 0o700, tt.limit)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("err = %v, want %v", err, tt.wantErr)
				}
				if _, err := os.Stat(dst); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("a failed copy left %s: %v", dst, err)
				}
				return
			}
			got, rerr := os.ReadFile(dst)
			if err != nil || rerr != nil || string(got) != "program" || string(data) != "program" {
				t.Fatalf("copy = %q, %q, %v, %v", data, got, err, rerr)
			}
			filemode.Check(t, dst, 0o700)
		})
	}
}
