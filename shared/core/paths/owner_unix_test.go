//go:build unix

package paths

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestCheckOwner(t *testing.T) {
	dir := t.TempDir()
	me := os.Geteuid()
	tests := []struct {
		name string
		dir  string
		euid int
		want error
	}{
		{"own directory", dir, me, nil},
		{"missing directory", filepath.Join(dir, "nope"), me, nil},
		{"another user's directory", dir, me + 1, ErrForeignState},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := checkOwner(tt.dir, tt.euid); !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
				t.Errorf("checkOwner(%s, %d) = %v, want %v", tt.dir, tt.euid, err, tt.want)
			}
		})
	}
}

// TestResolveForeignState: a state root given to another user makes
// Resolve fail, with the Dirs still filled in for the caller's log line.
func TestResolveForeignState(t *testing.T) {
	home := t.TempDir()
	state := filepath.Join(home, ".claude", "session-intelligence")
	if err := os.MkdirAll(state, 0o700); err != nil {
		t.Fatal(err)
	}
	getenv := func(k string) string {
		if k == "HOME" {
			return home
		}
		return ""
	}
	if _, err := Resolve(getenv); err != nil {
		t.Fatalf("Resolve(own state) = %v", err)
	}
	if err := os.Lchown(state, 65534, 65534); err != nil || os.Geteuid() == 65534 {
		t.Skip("cannot give a directory to another user:", err)
	}
	d, err := Resolve(getenv)
	if !errors.Is(err, ErrForeignState) || d.State != state || d.Logs == "" {
		t.Errorf("Resolve(foreign state) = %+v, %v; want the Dirs and ErrForeignState", d, err)
	}
}
