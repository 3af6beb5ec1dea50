package fsutil

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestCreateNew(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "existing")
	if err := os.WriteFile(existing, []byte("keep"), 0o600); err != nil {
		t.Fatal(err)
	}
	nowhere := filepath.Join(dir, "nowhere")
	links := map[string]string{"to-file": existing, "to-nothing": nowhere}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Skip("no symlinks here:", err)
		}
	}
	tests := []struct {
		name string
		ok   bool
	}{
		{"fresh", true},
		{"existing", false},
		{"to-file", false},
		{"to-nothing", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := CreateNew(filepath.Join(dir, tt.name), 0o600)
			if tt.ok {
				if err != nil {
					t.Fatalf("CreateNew = %v", err)
				}
				if _, err := f.WriteString("new"); err != nil {
					t.Fatal(err)
				}
				f.Close()
				return
			}
			if err == nil {
				f.Close()
				t.Fatal("CreateNew succeeded on an existing name")
			}
			if !errors.Is(err, fs.ErrExist) {
				t.Errorf("CreateNew = %v, want exists", err)
			}
		})
	}
	if data, _ := os.ReadFile(existing); string(data) != "keep" {
		t.Errorf("existing file now holds %q", data)
	}
	if _, err := os.Lstat(nowhere); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the dangling symlink's target was created: %v", err)
	}
}
