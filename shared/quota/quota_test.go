package quota

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/refresh"
)

// cacheDir is a fresh, not yet existing cache directory.
func cacheDir(t *testing.T) string { return filepath.Join(t.TempDir(), "cache") }

func TestReadCache(t *testing.T) {
	five, seven := win(47, reset5), win(31, reset7)
	tests := []struct {
		name      string
		content   string // raw file; "" means use c
		c         *cache // nil with content "": no file
		now       time.Time
		wantFive  *Window
		wantSeven *Window
		wantErr   Kind
		wantDue   bool
	}{
		{"no cache", "", nil, t0, nil, nil, "", true},
		{"corrupt", `{"fetchedAt":`, nil, t0, nil, nil, "", true},
		{"fresh", "", &cache{FetchedAt: t0.Add(-time.Minute), Usage: Usage{five, seven}, State: refresh.State{AttemptAt: t0.Add(-time.Minute)}}, t0, five, seven, "", false},
		{"stale by 180 s", "", &cache{FetchedAt: t0.Add(-3 * time.Minute), Usage: Usage{five, seven}, State: refresh.State{AttemptAt: t0.Add(-3 * time.Minute)}}, t0, five, seven, "", true},
		{"failing, old values kept", "", &cache{FetchedAt: t0.Add(-29 * time.Minute), Usage: Usage{five, seven}, Error: KindRateLimited,
			State: refresh.State{AttemptAt: t0.Add(-time.Minute), Failures: 3, NextAttemptAt: t0.Add(11 * time.Minute)}}, t0, five, seven, KindRateLimited, false},
		{"values older than 30 min dropped", "", &cache{FetchedAt: t0.Add(-30 * time.Minute), Usage: Usage{five, seven}, Error: KindNetwork}, t0, nil, nil, KindNetwork, true},
		{"block reset passed", "", &cache{FetchedAt: t0.Add(-time.Minute), Usage: Usage{win(90, t0.Add(-time.Second)), seven}}, t0, nil, seven, "", true},
		{"backoff not over", "", &cache{Error: KindAPI, State: refresh.State{AttemptAt: t0.Add(-5 * time.Minute), Failures: 2, NextAttemptAt: t0.Add(time.Minute)}}, t0, nil, nil, KindAPI, false},
		{"marker only", "", &cache{State: refresh.State{AttemptAt: t0.Add(-time.Second)}}, t0, nil, nil, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := cacheDir(t)
			path := filepath.Join(dir, CacheFile)
			switch {
			case tt.c != nil:
				if err := refresh.Save(path, tt.c); err != nil {
					t.Fatal(err)
				}
			case tt.content != "":
				_ = os.MkdirAll(dir, 0o700)
				if err := os.WriteFile(path, []byte(tt.content), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			s, due := Read(dir, tt.now)
			if !sameWindow(s.FiveHour, tt.wantFive) || !sameWindow(s.SevenDay, tt.wantSeven) || s.Error != tt.wantErr || due != tt.wantDue {
				t.Errorf("Read = %+v / %+v err %q due %v, want %+v / %+v err %q due %v",
					s.FiveHour, s.SevenDay, s.Error, due, tt.wantFive, tt.wantSeven, tt.wantErr, tt.wantDue)
			}
		})
	}
}

func TestRefreshRoundTrip(t *testing.T) {
	f := newFakeAPI(t)
	dir := cacheDir(t)
	opts := testOpts(f, writeCreds(t, credJSON("tok", 0)))
	if err := Refresh(context.Background(), dir, opts, t0); err != nil {
		t.Fatalf("Refresh: %v", err)
	}
	s, due := Read(dir, t0.Add(time.Minute))
	if !sameWindow(s.FiveHour, win(47, reset5)) || !sameWindow(s.SevenDay, win(31, reset7)) || !s.FetchedAt.Equal(t0) || due {
		t.Errorf("Read after Refresh = %+v due %v", s, due)
	}
	path := filepath.Join(dir, CacheFile)
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("cache file: %v, %v, want mode 0600", fi, err)
	}
	raw, _ := os.ReadFile(path)
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatalf("cache is not JSON: %v", err)
	}
	for _, key := range []string{"fetchedAt", "fiveHour", "sevenDay", "error", "failures", "attemptAt", "doneAt"} {
		if _, ok := doc[key]; !ok {
			t.Errorf("cache lacks %q: %s", key, raw)
		}
	}
	if err := Refresh(context.Background(), dir, opts, t0.Add(time.Minute)); !errors.Is(err, refresh.ErrNotDue) || f.hits.Load() != 1 {
		t.Errorf("second Refresh within 180 s = %v after %d requests, want ErrNotDue after 1", err, f.hits.Load())
	}
}

// TestBackoffSchedule fails the endpoint repeatedly with an injected
// clock: each failure must push the next due time out exponentially.
func TestBackoffSchedule(t *testing.T) {
	f := newFakeAPI(t)
	f.set(500, "down", "")
	dir := cacheDir(t)
	opts := testOpts(f, writeCreds(t, credJSON("tok", 0)))
	wantDelays := []time.Duration{180 * time.Second, 360 * time.Second, 720 * time.Second, 1440 * time.Second, 30 * time.Minute, 30 * time.Minute}
	now := t0
	for i, delay := range wantDelays {
		if err := Refresh(context.Background(), dir, opts, now); KindOf(err) != KindAPI {
			t.Fatalf("attempt %d: Refresh = %v, want an api-error", i+1, err)
		}
		s, _ := Read(dir, now)
		if s.Failures != i+1 || s.Error != KindAPI {
			t.Errorf("attempt %d: failures %d error %q", i+1, s.Failures, s.Error)
		}
		if _, due := Read(dir, now.Add(delay-time.Second)); due {
			t.Errorf("after failure %d: due at +%v, want not before +%v", i+1, delay-time.Second, delay)
		}
		if _, due := Read(dir, now.Add(delay)); !due {
			t.Errorf("after failure %d: not due at +%v", i+1, delay)
		}
		now = now.Add(delay)
	}
	f.set(200, goodBody, "")
	if err := Refresh(context.Background(), dir, opts, now); err != nil {
		t.Fatalf("Refresh after recovery: %v", err)
	}
	if s, due := Read(dir, now.Add(Interval)); s.Failures != 0 || s.Error != "" || !due {
		t.Errorf("after recovery: %+v due %v at +180 s, want cleared and due", s, due)
	}
}

func TestRetryAfterHonoured(t *testing.T) {
	tests := []struct {
		name       string
		retryAfter string
		wantDueAt  time.Duration
	}{
		{"long", "900", 900 * time.Second},
		{"shorter than the interval", "30", Interval},
		{"absent: backoff", "", Interval},
		{"absurd: capped", "86400", MaxRetryAfter},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeAPI(t)
			f.set(429, "", tt.retryAfter)
			dir := cacheDir(t)
			err := Refresh(context.Background(), dir, testOpts(f, writeCreds(t, credJSON("tok", 0))), t0)
			if KindOf(err) != KindRateLimited {
				t.Fatalf("Refresh = %v, want rate-limited", err)
			}
			if _, due := Read(dir, t0.Add(tt.wantDueAt-time.Second)); due {
				t.Errorf("due at +%v, want not before +%v", tt.wantDueAt-time.Second, tt.wantDueAt)
			}
			if _, due := Read(dir, t0.Add(tt.wantDueAt)); !due {
				t.Errorf("not due at +%v", tt.wantDueAt)
			}
		})
	}
}

// BenchmarkRead measures the redraw's hot path: one small file read and
// decode (the status line's budget is about 5 ms per redraw).
func BenchmarkRead(b *testing.B) {
	dir := filepath.Join(b.TempDir(), "cache")
	c := &cache{FetchedAt: t0, Usage: Usage{win(47, reset5), win(31, reset7)}, State: refresh.State{AttemptAt: t0}}
	if err := refresh.Save(filepath.Join(dir, CacheFile), c); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		Read(dir, t0.Add(time.Minute))
	}
}
