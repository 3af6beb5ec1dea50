package settingsjson

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func mustDo(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestEditLeavesNoLock: after an edit nothing stays at the lock's name,
// where Claude Code's own mkdir would fail.
func TestEditLeavesNoLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	if _, _, err := Edit(path, setKey("k", 1)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(path + ".lock"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("lock left behind: %v", err)
	}
}

// TestEditWaitsForClaudeCodeLock: while Claude Code's lock directory is
// there, Edit waits, then goes ahead once it is removed.
func TestEditWaitsForClaudeCodeLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	mustDo(t, os.Mkdir(path+".lock", 0o755))
	go func() {
		time.Sleep(50 * time.Millisecond)
		_ = os.Remove(path + ".lock")
	}()
	start := time.Now()
	if _, _, err := Edit(path, setKey("k", 1)); err != nil {
		t.Fatalf("Edit after Claude Code let go = %v", err)
	}
	if time.Since(start) < 40*time.Millisecond {
		t.Error("Edit did not wait for the lock")
	}
	if got := readString(t, path); !strings.Contains(got, `"k": 1`) {
		t.Errorf("settings = %q", got)
	}
}

func TestLockTimesOut(t *testing.T) {
	lockPath := filepath.Join(t.TempDir(), "settings.json.lock")
	mustDo(t, os.Mkdir(lockPath, 0o755))
	err := withLock(lockPath, 30*time.Millisecond, func() error { return nil })
	if !errors.Is(err, ErrLockTimeout) || !strings.Contains(err.Error(), "Claude Code") {
		t.Errorf("withLock = %v, want ErrLockTimeout naming Claude Code", err)
	}
	if fi, err := os.Stat(lockPath); err != nil || !fi.IsDir() {
		t.Error("a lock held by someone else was touched")
	}
}

// TestStaleLockTakenOver: a lock directory older than Claude Code's stale
// threshold belongs to a dead holder and is taken over.
func TestStaleLockTakenOver(t *testing.T) {
	lockPath := filepath.Join(t.TempDir(), "settings.json.lock")
	mustDo(t, os.Mkdir(lockPath, 0o755))
	old := time.Now().Add(-time.Minute)
	mustDo(t, os.Chtimes(lockPath, old, old))
	ran := false
	if err := withLock(lockPath, 50*time.Millisecond, func() error { ran = true; return nil }); err != nil || !ran {
		t.Errorf("withLock on a stale lock = %v (ran %v)", err, ran)
	}
}

// TestOldFlockFileCleared: the empty flock file an older version left is
// removed, not waited for; a file with content is someone else's.
func TestOldFlockFileCleared(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	mustDo(t, os.WriteFile(path+".lock", nil, 0o600))
	if _, _, err := Edit(path, setKey("k", 1)); err != nil {
		t.Fatalf("Edit with an old lock file = %v", err)
	}
	if _, err := os.Lstat(path + ".lock"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("old lock file left: %v", err)
	}
	mustDo(t, os.WriteFile(path+".lock", []byte("pid 1"), 0o600))
	if err := withLock(path+".lock", 20*time.Millisecond, func() error { return nil }); !errors.Is(err, ErrLockTimeout) {
		t.Errorf("withLock past a foreign file = %v, want a timeout", err)
	}
}

// TestConcurrentEditsKeepEveryChange: editors running at once are
// serialised by the lock, so every key each one set is there.
func TestConcurrentEditsKeepEveryChange(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, _, err := Edit(path, setKey(string(rune('a'+i)), i)); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	got := readString(t, path)
	for i := range 8 {
		if !strings.Contains(got, `"`+string(rune('a'+i))+`"`) {
			t.Errorf("key %c lost:\n%s", 'a'+i, got)
		}
	}
}

func TestRemoveLock(t *testing.T) {
	tests := []struct {
		name    string
		prepare func(t *testing.T, lockPath string)
		removed bool
	}{
		{"old lock file of ours", func(t *testing.T, p string) { mustDo(t, os.WriteFile(p, nil, 0o600)) }, true},
		{"nothing there", func(*testing.T, string) {}, false},
		{"Claude Code's lock directory", func(t *testing.T, p string) { mustDo(t, os.Mkdir(p, 0o700)) }, false},
		{"a file with content", func(t *testing.T, p string) { mustDo(t, os.WriteFile(p, []byte("pid 1"), 0o600)) }, false},
		{"a symlink", func(t *testing.T, p string) { mustSymlink(t, filepath.Join(filepath.Dir(p), "elsewhere"), p) }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "settings.json")
			tt.prepare(t, path+".lock")
			before, _ := os.Lstat(path + ".lock")
			removed, err := RemoveLock(path)
			if err != nil || removed != tt.removed {
				t.Fatalf("RemoveLock = %v, %v, want %v, nil", removed, err, tt.removed)
			}
			after, errAfter := os.Lstat(path + ".lock")
			switch {
			case tt.removed && errAfter == nil:
				t.Error("lock file still there")
			case !tt.removed && before != nil && (errAfter != nil || before.Mode() != after.Mode()):
				t.Errorf("RemoveLock touched what was not its own: %v", errAfter)
			}
		})
	}
}
