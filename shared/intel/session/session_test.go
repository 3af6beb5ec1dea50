package session

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/lock"
	"github.com/session-intelligence/session-intelligence/shared/testkit/damage"
	"github.com/session-intelligence/session-intelligence/shared/testkit/filemode"
)

func newDir(t *testing.T) Dir {
	d := Dir(filepath.Join(t.TempDir(), "sessions", "abc"))
	if err := os.MkdirAll(string(d), 0o700); err != nil {
		t.Fatal(err)
	}
	return d
}

func TestFileNames(t *testing.T) {
	d := Dir(filepath.FromSlash("/s/abc"))
	tests := []struct{ name, got, want string }{
		{"StateFile", d.StateFile(), "/s/abc/state.json"},
		{"ShapeLog", d.ShapeLog(), "/s/abc/shape.jsonl"},
		{"ArchiveDir", d.ArchiveDir(), "/s/abc/archive"},
		{"LockFile", d.LockFile(), "/s/abc/.lock"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if want := filepath.FromSlash(tt.want); tt.got != want {
				t.Errorf("%s = %q, want %q", tt.name, tt.got, want)
			}
		})
	}
}

func TestLoadBadState(t *testing.T) {
	tests := []struct {
		name    string
		content string // "" for no file
	}{
		{"missing", ""},
		{"garbage", "not json"},
		{"truncated", `{"calls":3,"zone":"red","tokens":12`},
		{"empty file", " "},
		{"over the cap", `{"calls":3,"cwd":"` + strings.Repeat("x", maxState) + `"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := newDir(t)
			if tt.content != "" {
				if err := os.WriteFile(d.StateFile(), []byte(tt.content), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			if got := d.Load(); !reflect.DeepEqual(got, State{}) {
				t.Errorf("Load(%s) = %+v, want the zero State", tt.name, got)
			}
		})
	}
}

func TestSaveLoad(t *testing.T) {
	d := newDir(t)
	now := time.Unix(1_760_000_000, 500)
	in := State{Calls: 42, Estimate: 123_456, Tokens: 310_000, TokenSource: "transcript", Zone: "orange", ZoneTokens: 300_500,
		Advisories: 2, ShapeLines: 17, Archived: 3, NoLagWait: true, Cwd: "/w/p", Updated: 1}
	if err := d.Save(in, now); err != nil {
		t.Fatal(err)
	}
	want := in
	want.Updated = now.Unix()
	if got := d.Load(); !reflect.DeepEqual(got, want) {
		t.Errorf("Load after Save = %+v\nwant %+v", got, want)
	}
	filemode.Check(t, d.StateFile(), 0o600)
	if err := Dir(filepath.Join(t.TempDir(), "missing")).Save(in, now); err == nil {
		t.Error("Save into a missing dir = nil, want an error")
	}
}

func TestLocked(t *testing.T) {
	d := Dir(filepath.Join(t.TempDir(), "sessions", "new"))
	const workers, rounds = 6, 20
	var wg sync.WaitGroup
	errs := make(chan error, workers*rounds)
	for range workers {
		wg.Go(func() {
			for range rounds {
				errs <- d.Locked(context.Background(), func() error {
					s := d.Load()
					s.Calls++
					return d.Save(s, time.Now())
				})
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("Locked: %v", err)
		}
	}
	if got := d.Load().Calls; got != workers*rounds {
		t.Errorf("Calls = %d after %d locked increments (lost updates)", got, workers*rounds)
	}
	filemode.Check(t, string(d), 0o700)

	release, err := lock.Acquire(context.Background(), d.LockFile())
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	ran := false
	if err := d.Locked(ctx, func() error { ran = true; return nil }); !errors.Is(err, lock.ErrTimeout) || ran {
		t.Errorf("Locked while held = %v (ran %v), want lock.ErrTimeout without running fn", err, ran)
	}
}

func TestSweep(t *testing.T) {
	now := time.Now().Truncate(time.Second)
	const ttl, interval = 24 * time.Hour, time.Hour
	root := filepath.Join(t.TempDir(), "sessions")
	mk := func(name string, stateAge, dirAge time.Duration, withState bool) {
		t.Helper()
		dir := filepath.Join(root, name)
		if err := os.MkdirAll(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		if withState {
			f := filepath.Join(dir, "state.json")
			if err := os.WriteFile(f, []byte("{}"), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.Chtimes(f, now.Add(-stateAge), now.Add(-stateAge)); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.Chtimes(dir, now.Add(-dirAge), now.Add(-dirAge)); err != nil {
			t.Fatal(err)
		}
	}
	mk("stale", 48*time.Hour, 48*time.Hour, true)
	mk("fresh", time.Hour, 48*time.Hour, true) // old dir, recent state: kept
	mk("stale-state-fresh-dir", 25*time.Hour, 0, true)
	mk("no-state-old", 0, 30*time.Hour, false)
	mk("no-state-new", 0, time.Minute, false)
	if err := os.WriteFile(filepath.Join(root, "stray-file"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(filepath.Join(root, "stray-file"), now.Add(-100*time.Hour), now.Add(-100*time.Hour)); err != nil {
		t.Fatal(err)
	}

	n, err := Sweep(root, ttl, interval, now)
	if err != nil || n != 3 {
		t.Fatalf("Sweep = %d, %v, want 3, nil", n, err)
	}
	want := map[string]bool{"stale": false, "fresh": true, "stale-state-fresh-dir": false, "no-state-old": false, "no-state-new": true, "stray-file": true, ".swept": true}
	for name, keep := range want {
		if _, err := os.Stat(filepath.Join(root, name)); (err == nil) != keep {
			t.Errorf("%s exists = %v, want %v", name, err == nil, keep)
		}
	}

	// A new stale session within the interval is left for the next run.
	mk("later", 48*time.Hour, 48*time.Hour, true)
	tests := []struct {
		name string
		at   time.Time
		want int
	}{
		{"within interval", now.Add(interval - time.Second), 0},
		{"after interval", now.Add(interval), 1},
		{"right after that run", now.Add(interval + time.Second), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if n, err := Sweep(root, ttl, interval, tt.at); n != tt.want || err != nil {
				t.Errorf("Sweep(at %v) = %d, %v, want %d", tt.at.Sub(now), n, err, tt.want)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(root, "later")); err == nil {
		t.Error("stale session survived the sweep after the interval")
	}
}

func TestSweepMissingRoot(t *testing.T) {
	root := filepath.Join(t.TempDir(), "none", "sessions")
	if n, err := Sweep(root, time.Hour, 0, time.Now()); n != 0 || err != nil {
		t.Errorf("Sweep(missing root) = %d, %v, want 0, nil", n, err)
	}
	filemode.Check(t, root, 0o700)
}

// TestSweepMarkFromTheFuture: a sweep mark stamped ten years ahead (a
// wrong clock, a tampered file) does not turn the sweep off, and a
// session stamped in the far future is stale, not kept forever.
func TestSweepMarkFromTheFuture(t *testing.T) {
	now := time.Now().Truncate(time.Second)
	const ttl, interval = 7 * 24 * time.Hour, 24 * time.Hour
	root := filepath.Join(t.TempDir(), "sessions")
	future := now.AddDate(10, 0, 0)
	for _, name := range []string{"stale", "from-the-future"} {
		if err := os.MkdirAll(filepath.Join(root, name), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chtimes(filepath.Join(root, "stale"), now.AddDate(0, 0, -30), now.AddDate(0, 0, -30)); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(filepath.Join(root, "from-the-future"), future, future); err != nil {
		t.Fatal(err)
	}
	mark := filepath.Join(root, ".swept")
	if err := os.WriteFile(mark, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(mark, future, future); err != nil {
		t.Fatal(err)
	}
	if n, err := Sweep(root, ttl, interval, now); n != 2 || err != nil {
		t.Fatalf("Sweep under a mark from the future = %d, %v; want both sessions removed", n, err)
	}
	if fi, err := os.Stat(mark); err != nil || !fi.ModTime().Equal(now) {
		t.Errorf("the mark was not set to now: %v, %v", fi, err)
	}
}

// TestDamagedStateHeals: whatever sits at state.json, the session's
// state loads as fresh, the damage is moved aside, and the next save
// (under the lock, which heals too) is kept.
func TestDamagedStateHeals(t *testing.T) {
	for _, k := range damage.Kinds {
		t.Run(string(k), func(t *testing.T) {
			d := newDir(t)
			damage.Make(t, d.StateFile(), k)
			damage.Make(t, d.LockFile(), k)
			fsutil.Healed()
			err := d.Locked(context.Background(), func() error {
				st := d.Load()
				st.Calls++
				return d.Save(st, time.Now())
			})
			if err != nil {
				t.Fatalf("Locked over a damaged state: %v", err)
			}
			if got := d.Load(); got.Calls != 1 {
				t.Errorf("Load after = %+v; want the one call counted", got)
			}
			if len(damage.Aside(d.StateFile())) != 1 {
				t.Errorf("state.json was not moved aside: %q", damage.Aside(d.StateFile()))
			}
			if len(fsutil.Healed()) == 0 {
				t.Error("no heal reported")
			}
		})
	}
}
