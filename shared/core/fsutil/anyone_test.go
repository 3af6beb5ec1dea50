package fsutil

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/testkit/filemode"
)

// TestAnyoneMayWrite: a private directory is not open to every user; one
// whose permissions (the mode on Unix, the ACL on Windows) let every
// user add entries is; a missing one is an error.
func TestAnyoneMayWrite(t *testing.T) {
	private := filepath.Join(t.TempDir(), "private")
	if err := os.Mkdir(private, 0o700); err != nil {
		t.Fatal(err)
	}
	if open, err := AnyoneMayWrite(private); err != nil || open {
		t.Errorf("AnyoneMayWrite(a private directory) = %v, %v", open, err)
	}
	shared := filepath.Join(t.TempDir(), "shared")
	if err := os.Mkdir(shared, 0o700); err != nil {
		t.Fatal(err)
	}
	filemode.OpenToAll(t, shared)
	if open, err := AnyoneMayWrite(shared); err != nil || !open {
		t.Errorf("AnyoneMayWrite(a directory open to all) = %v, %v", open, err)
	}
	if _, err := AnyoneMayWrite(filepath.Join(shared, "missing")); err == nil {
		t.Error("AnyoneMayWrite(a missing directory): no error")
	}
}
