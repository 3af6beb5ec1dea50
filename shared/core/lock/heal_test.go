package lock

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/testkit/damage"
)

// TestLockHealsDamage: whatever sits at a lock's path, taking the lock
// neither hangs nor fails for good: what is not a regular file is moved
// aside and the lock works; a file's content is never looked at.
func TestLockHealsDamage(t *testing.T) {
	takers := map[string]func(path string) (func() error, error){
		"Acquire": func(p string) (func() error, error) {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			return Acquire(ctx, p)
		},
		"TryLock": func(p string) (func() error, error) {
			release, ok, err := TryLock(p)
			if err == nil && !ok {
				t.Fatal("TryLock: busy with nobody holding it")
			}
			return release, err
		},
	}
	for name, take := range takers {
		for _, k := range damage.Kinds {
			t.Run(name+"/"+string(k), func(t *testing.T) {
				path := filepath.Join(t.TempDir(), ".lock")
				damage.Make(t, path, k)
				fsutil.Healed()
				release, err := take(path)
				if err != nil {
					t.Fatalf("%s over a %s: %v", name, k, err)
				}
				defer release()
				fi, err := os.Lstat(path)
				if err != nil || !fi.Mode().IsRegular() {
					t.Fatalf("lock file after: %v, %v; want a regular file", fi, err)
				}
				regular := k == damage.Garbage || k == damage.Huge || k == damage.WrongTypes
				if moved := len(damage.Aside(path)); regular && moved != 0 || !regular && moved != 1 {
					t.Errorf("%d copies moved aside, want %v", moved, !regular)
				}
				if got := len(fsutil.Healed()); regular && got != 0 || !regular && got != 1 {
					t.Errorf("%d heals reported", got)
				}
				if !Held(path) {
					t.Error("another process does not see the lock held")
				}
			})
		}
	}
}

func TestLockTightensLooseFile(t *testing.T) {
	if !fsutil.PermBits {
		t.Skip("no permission bits")
	}
	path := filepath.Join(t.TempDir(), "bootstrap.lock")
	if err := os.WriteFile(path, nil, 0o666); err != nil {
		t.Fatal(err)
	}
	_ = os.Chmod(path, 0o666)
	release, ok, err := TryLock(path)
	if err != nil || !ok {
		t.Fatalf("TryLock = %v, %v", ok, err)
	}
	_ = release()
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}
}
