package refresh

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/testkit/filemode"
)

// doc is a minimal cache document.
type doc struct {
	Value string `json:"value"`
	State
}

// retryErr is a work error carrying a Retry-After.
type retryErr time.Duration

func (e retryErr) Error() string             { return "rate limited" }
func (e retryErr) RetryAfter() time.Duration { return time.Duration(e) }

func newStore(t *testing.T) Store {
	dir := filepath.Join(t.TempDir(), "cache")
	return Store{Path: filepath.Join(dir, "x.json"), LockPath: filepath.Join(dir, "x.lock"), Policy: policy}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name    string
		content string // "" means no file
		ok      bool
		value   string
	}{
		{"missing", "", false, ""},
		{"good", `{"value":"v","failures":2}`, true, "v"},
		{"corrupt", `{"value":"v",`, false, ""},
		{"wrong type keeps nothing", `{"value":"v","failures":"x"}`, false, ""},
		{"oversized", `{"value":"` + strings.Repeat("a", MaxFileSize) + `"}`, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, tt.name+".json")
			if tt.content != "" {
				if err := os.WriteFile(path, []byte(tt.content), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			got, ok := Load[doc](path)
			if ok != tt.ok || got.Value != tt.value {
				t.Errorf("Load = %+v, %v, want value %q, %v", got, ok, tt.value, tt.ok)
			}
		})
	}
}

func TestSaveIsPrivate(t *testing.T) {
	s := newStore(t)
	if err := Save(s.Path, &doc{Value: "v"}); err != nil {
		t.Fatal(err)
	}
	filemode.Check(t, s.Path, 0o600)
	filemode.Check(t, filepath.Dir(s.Path), 0o700)
}

func TestMaybeSpawn(t *testing.T) {
	spawnErr := errors.New("exec failed")
	tests := []struct {
		name      string
		before    *doc // nil: no cache
		holdLock  bool
		need      bool
		spawnErr  error
		wantOK    bool
		wantSpawn int
		wantMark  bool
	}{
		{"no cache", nil, false, true, nil, true, 1, true},
		{"due", &doc{State: State{AttemptAt: t0.Add(-time.Hour)}}, false, true, nil, true, 1, true},
		{"attempt too recent", &doc{State: State{AttemptAt: t0.Add(-time.Minute)}}, false, true, nil, false, 0, false},
		{"lock busy", nil, true, true, nil, false, 0, false},
		{"nothing needed", nil, false, false, nil, false, 0, false},
		{"spawn fails but marker stays", nil, false, true, spawnErr, false, 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newStore(t)
			if tt.before != nil {
				if err := Save(s.Path, tt.before); err != nil {
					t.Fatal(err)
				}
			}
			if tt.holdLock {
				release, ok := tryLock(s.LockPath)
				if !ok {
					t.Fatal("cannot take the lock")
				}
				defer release()
			}
			spawns := 0
			ok := MaybeSpawn(s, t0, func(*doc) bool { return tt.need }, func() error { spawns++; return tt.spawnErr })
			if ok != tt.wantOK || spawns != tt.wantSpawn {
				t.Errorf("MaybeSpawn = %v with %d spawns, want %v with %d", ok, spawns, tt.wantOK, tt.wantSpawn)
			}
			got, _ := Load[doc](s.Path)
			if marked := got.AttemptAt.Equal(t0); marked != tt.wantMark {
				t.Errorf("marker written = %v, want %v (%+v)", marked, tt.wantMark, got)
			}
		})
	}
}

// TestMaybeSpawnNoMarkerNoSpawn: when the marker cannot be written,
// nothing may be spawned, or every redraw would. What stops the write
// differs: a read-only cache folder on Unix (on Windows the read-only
// attribute of a folder does not stop files being made in it), a program
// holding the marker open without sharing delete on Windows (on Unix a
// rename replaces a file others hold open).
func TestMaybeSpawnNoMarkerNoSpawn(t *testing.T) {
	tests := []struct {
		name  string
		spoil func(t *testing.T, s Store) // makes the marker unwritable
	}{
		{"read-only cache folder", readOnlyDir},
		{"marker held open", heldOpen},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newStore(t)
			if err := Save(s.Path, &doc{}); err != nil {
				t.Fatal(err)
			}
			release, ok := tryLock(s.LockPath) // create the lock file
			if !ok {
				t.Fatal("cannot take the lock")
			}
			release()
			tt.spoil(t, s)
			spawns := 0
			for range 10 {
				MaybeSpawn[doc](s, t0, nil, func() error { spawns++; return nil })
			}
			if spawns != 0 {
				t.Errorf("spawned %d refreshers without a marker on disk, want 0", spawns)
			}
		})
	}
}

// readOnlyDir makes the folder of the store's file read-only, where
// that stops a write: on Unix, for users other than root.
func readOnlyDir(t *testing.T, s Store) {
	t.Helper()
	switch {
	case runtime.GOOS == "windows":
		t.Skip("the read-only attribute of a Windows folder does not stop files being made in it")
	case os.Geteuid() == 0:
		t.Skip("root ignores directory permissions")
	}
	dir := filepath.Dir(s.Path)
	if err := os.Chmod(dir, 0o500); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(dir, 0o700) })
}

// heldOpen holds the store's file open as os.Open does on Windows, not
// sharing delete, for the rest of the test: Windows then refuses to
// replace it (after fsutil.Replace's retries).
func heldOpen(t *testing.T, s Store) {
	t.Helper()
	if runtime.GOOS != "windows" {
		t.Skip("on Unix a rename replaces a file others hold open")
	}
	f, err := os.Open(s.Path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = f.Close() })
}

func TestMaybeSpawnConcurrent(t *testing.T) {
	s := newStore(t)
	var spawns atomic.Int32
	var wg sync.WaitGroup
	start := make(chan struct{})
	for range 16 {
		wg.Go(func() {
			<-start
			MaybeSpawn[doc](s, t0, nil, func() error { spawns.Add(1); return nil })
		})
	}
	close(start)
	wg.Wait()
	if n := spawns.Load(); n != 1 {
		t.Errorf("16 concurrent redraws spawned %d refreshers, want exactly 1", n)
	}
}

func TestRun(t *testing.T) {
	tests := []struct {
		name      string
		before    doc
		workErr   error
		wantErr   error
		wantValue string
		wantFail  int
		wantNext  time.Time
	}{
		{"just marked", doc{State: State{AttemptAt: t0.Add(-time.Second)}}, nil, nil, "new", 0, time.Time{}},
		{"due by hand", doc{}, nil, nil, "new", 0, time.Time{}},
		{"not due", doc{Value: "old", State: State{AttemptAt: t0.Add(-2 * time.Minute), DoneAt: t0.Add(-time.Minute)}}, nil, ErrNotDue, "old", 0, time.Time{}},
		{"work fails", doc{State: State{Failures: 2}}, errors.New("boom"), nil, "new", 3, t0.Add(720 * time.Second)},
		{"retry-after", doc{}, retryErr(900 * time.Second), nil, "new", 1, t0.Add(900 * time.Second)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newStore(t)
			if err := Save(s.Path, &tt.before); err != nil {
				t.Fatal(err)
			}
			calls := 0
			err := Run(context.Background(), s, t0, nil, func(d *doc) error { calls++; d.Value = "new"; return tt.workErr })
			want := tt.wantErr
			if want == nil {
				want = tt.workErr
			}
			if !errors.Is(err, want) || (want == nil) != (err == nil) {
				t.Fatalf("Run = %v, want %v", err, want)
			}
			got, _ := Load[doc](s.Path)
			if got.Value != tt.wantValue || got.Failures != tt.wantFail || !got.NextAttemptAt.Equal(tt.wantNext) {
				t.Errorf("after Run: %+v, want value %q failures %d next %v", got, tt.wantValue, tt.wantFail, tt.wantNext)
			}
			if errors.Is(err, ErrNotDue) != (calls == 0) {
				t.Errorf("work called %d times with Run = %v", calls, err)
			}
		})
	}
}

func TestRunWaitsForLockThenGivesUp(t *testing.T) {
	s := newStore(t)
	release, ok := tryLock(s.LockPath)
	if !ok {
		t.Fatal("cannot take the lock")
	}
	defer release()
	start := time.Now()
	err := Run[doc](context.Background(), s, t0, nil, func(*doc) error { t.Error("work ran without the lock"); return nil })
	if err == nil || time.Since(start) < RunLockWait/2 {
		t.Errorf("Run with the lock held = %v after %v, want a lock error after about %v", err, time.Since(start), RunLockWait)
	}
}
