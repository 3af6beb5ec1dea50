//go:build unix

package fsutil

import (
	"os"
	"path/filepath"
	"testing"
)

func TestOwnedByOther(t *testing.T) {
	dir := t.TempDir()
	mine := filepath.Join(dir, "mine")
	theirs := filepath.Join(dir, "theirs")
	for _, p := range []string{mine, theirs} {
		if err := os.WriteFile(p, nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	chowned := os.Lchown(theirs, 65534, 65534) == nil
	tests := []struct {
		name, path string
		want       bool
		skip       bool
	}{
		{"own file", mine, false, false},
		{"another user's file", theirs, true, !chowned || os.Geteuid() == 65534},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.skip {
				t.Skip("cannot give a file to another user")
			}
			fi, err := os.Lstat(tt.path)
			if err != nil {
				t.Fatal(err)
			}
			if got := OwnedByOther(fi); got != tt.want {
				t.Errorf("OwnedByOther(%s) = %v, want %v", tt.name, got, tt.want)
			}
		})
	}
}
