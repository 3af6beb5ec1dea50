package full

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/status/quota"
	"github.com/session-intelligence/session-intelligence/shared/status/refresh"
	"github.com/session-intelligence/session-intelligence/shared/testkit/filemode"
)

// cacheDir is a fresh, not yet existing cache directory.
func cacheDir(t *testing.T) string { return filepath.Join(t.TempDir(), "cache") }

func TestRefreshRoundTrip(t *testing.T) {
	f := newFakeAPI(t)
	dir := cacheDir(t)
	opts := testOpts(f, writeCreds(t, credJSON("tok", 0)))
	if err := Refresh(context.Background(), dir, opts, t0); err != nil {
		t.Fatalf("Refresh: %v", err)
	}
	s, due := quota.Read(dir, t0.Add(time.Minute))
	if !sameWindow(s.FiveHour, win(47, reset5)) || !sameWindow(s.SevenDay, win(31, reset7)) || !s.FetchedAt.Equal(t0) || due {
		t.Errorf("Read after Refresh = %+v due %v", s, due)
	}
	path := filepath.Join(dir, quota.CacheFile)
	if filemode.Check(t, path, 0o600); t.Failed() {
		t.FailNow()
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
		if err := Refresh(context.Background(), dir, opts, now); KindOf(err) != quota.KindAPI {
			t.Fatalf("attempt %d: Refresh = %v, want an api-error", i+1, err)
		}
		s, _ := quota.Read(dir, now)
		if s.Failures != i+1 || s.Error != quota.KindAPI {
			t.Errorf("attempt %d: failures %d error %q", i+1, s.Failures, s.Error)
		}
		if _, due := quota.Read(dir, now.Add(delay-time.Second)); due {
			t.Errorf("after failure %d: due at +%v, want not before +%v", i+1, delay-time.Second, delay)
		}
		if _, due := quota.Read(dir, now.Add(delay)); !due {
			t.Errorf("after failure %d: not due at +%v", i+1, delay)
		}
		now = now.Add(delay)
	}
	f.set(200, goodBody, "")
	if err := Refresh(context.Background(), dir, opts, now); err != nil {
		t.Fatalf("Refresh after recovery: %v", err)
	}
	if s, due := quota.Read(dir, now.Add(quota.Interval)); s.Failures != 0 || s.Error != "" || !due {
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
		{"shorter than the interval", "30", quota.Interval},
		{"absent: backoff", "", quota.Interval},
		{"absurd: capped", "86400", quota.MaxRetryAfter},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeAPI(t)
			f.set(429, "", tt.retryAfter)
			dir := cacheDir(t)
			err := Refresh(context.Background(), dir, testOpts(f, writeCreds(t, credJSON("tok", 0))), t0)
			if KindOf(err) != quota.KindRateLimited {
				t.Fatalf("Refresh = %v, want rate-limited", err)
			}
			if _, due := quota.Read(dir, t0.Add(tt.wantDueAt-time.Second)); due {
				t.Errorf("due at +%v, want not before +%v", tt.wantDueAt-time.Second, tt.wantDueAt)
			}
			if _, due := quota.Read(dir, t0.Add(tt.wantDueAt)); !due {
				t.Errorf("not due at +%v", tt.wantDueAt)
			}
		})
	}
}
