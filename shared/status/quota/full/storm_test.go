package full

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/status/quota"
)

// redrawEvery is the simulated status-line redraw period.
const redrawEvery = 300 * time.Millisecond

// redraws simulates the status line redrawing every 300 ms from start
// for span: Read, and MaybeSpawn when due. refresher plays the spawned
// process (it may do nothing, as a crashed one would). It returns the
// number of spawns, the snapshot of the last redraw and the end time.
func redraws(dir string, start time.Time, span time.Duration, refresher func(now time.Time)) (int, quota.Snapshot, time.Time) {
	spawns := 0
	var last quota.Snapshot
	now := start
	for ; now.Before(start.Add(span)); now = now.Add(redrawEvery) {
		s, due := quota.Read(dir, now)
		last = s
		if !due {
			continue
		}
		quota.MaybeSpawn(dir, now, func() error {
			spawns++
			refresher(now)
			return nil
		})
	}
	return spawns, last, now
}

// TestFailThenRecover is bug B5 turned into a test: while the endpoint
// fails, 2000 redraws over 10 minutes must start only the refreshers the
// backoff allows (attempts at 0, 180 and 540 s), never one per redraw;
// once it recovers the values appear and the backoff is cleared.
func TestFailThenRecover(t *testing.T) {
	f := newFakeAPI(t)
	f.set(500, "internal error", "")
	dir := cacheDir(t)
	opts := testOpts(f, writeCreds(t, credJSON("tok", 0)))
	refresher := func(now time.Time) {
		if err := Refresh(context.Background(), dir, opts, now); err != nil && KindOf(err) != quota.KindAPI {
			t.Errorf("refresher at %v: %v", now.Sub(t0), err)
		}
	}
	spawns, last, now := redraws(dir, t0, 10*time.Minute, refresher)
	if spawns != 3 || f.hits.Load() != 3 {
		t.Errorf("failure phase: %d spawns, %d requests in 2000 redraws, want 3 (backoff 180, 360, 720 s)", spawns, f.hits.Load())
	}
	if last.FiveHour != nil || last.Error != quota.KindAPI || last.Failures != 3 {
		t.Errorf("during failure: %+v, want no values, api-error, 3 failures", last)
	}

	f.set(200, goodBody, "")
	spawns, last, _ = redraws(dir, now, 15*time.Minute, refresher)
	if last.FiveHour == nil || last.FiveHour.Pct != 47 || last.SevenDay == nil || last.Error != "" || last.Failures != 0 {
		t.Errorf("after recovery: %+v / %+v err %q failures %d, want values and no error", last.FiveHour, last.SevenDay, last.Error, last.Failures)
	}
	if spawns > int(15*time.Minute/quota.Interval)+1 {
		t.Errorf("recovery phase: %d spawns in 15 minutes, want at most one per %v", spawns, quota.Interval)
	}
}

// TestNoStormWhateverTheRefresherDoes covers refreshers that fail
// before the network (no credentials, B5's case) and refreshers that
// never write anything (crash): the marker alone keeps redraws quiet.
func TestNoStormWhateverTheRefresherDoes(t *testing.T) {
	tests := []struct {
		name       string
		refresher  func(dir string) func(time.Time)
		wantSpawns int
	}{
		{"no credentials", func(dir string) func(time.Time) {
			return func(now time.Time) {
				_ = Refresh(context.Background(), dir, Options{Keychain: NoKeychain, Endpoint: "http://127.0.0.1:1/"}, now)
			}
		}, 3},
		{"refresher crashes", func(string) func(time.Time) { return func(time.Time) {} }, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := cacheDir(t)
			spawns, _, _ := redraws(dir, t0, 10*time.Minute, tt.refresher(dir))
			if spawns != tt.wantSpawns {
				t.Errorf("%d spawns in 2000 redraws over 10 minutes, want %d", spawns, tt.wantSpawns)
			}
		})
	}
}

// TestMaybeSpawnConcurrent: 16 redraws at the same instant (several
// status lines, one per Claude window) start exactly one refresher.
func TestMaybeSpawnConcurrent(t *testing.T) {
	for _, prior := range []string{"no cache", "errored cache"} {
		t.Run(prior, func(t *testing.T) {
			dir := cacheDir(t)
			if prior == "errored cache" {
				_ = Refresh(context.Background(), dir, Options{Keychain: NoKeychain}, t0.Add(-time.Hour))
			}
			var spawns atomic.Int32
			var wg sync.WaitGroup
			start := make(chan struct{})
			for range 16 {
				wg.Go(func() {
					<-start
					if _, due := quota.Read(dir, t0); due {
						quota.MaybeSpawn(dir, t0, func() error { spawns.Add(1); return nil })
					}
				})
			}
			close(start)
			wg.Wait()
			if n := spawns.Load(); n != 1 {
				t.Errorf("16 concurrent redraws spawned %d refreshers, want exactly 1", n)
			}
		})
	}
}
