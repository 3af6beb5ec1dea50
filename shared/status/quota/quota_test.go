package quota

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/status/refresh"
)

// cacheDir is a fresh, not yet existing cache directory.
func cacheDir(t *testing.T) string { return filepath.Join(t.TempDir(), "cache") }

func TestReadCache(t *testing.T) {
	five, seven := win(47, reset5), win(31, reset7)
	tests := []struct {
		name      string
		content   string // raw file; "" means use c
		c         *Cache // nil with content "": no file
		now       time.Time
		wantFive  *Window
		wantSeven *Window
		wantErr   Kind
		wantDue   bool
	}{
		{"no cache", "", nil, t0, nil, nil, "", true},
		{"corrupt", `{"fetchedAt":`, nil, t0, nil, nil, "", true},
		{"fresh", "", &Cache{FetchedAt: t0.Add(-time.Minute), Usage: Usage{five, seven}, State: refresh.State{AttemptAt: t0.Add(-time.Minute)}}, t0, five, seven, "", false},
		{"stale by 180 s", "", &Cache{FetchedAt: t0.Add(-3 * time.Minute), Usage: Usage{five, seven}, State: refresh.State{AttemptAt: t0.Add(-3 * time.Minute)}}, t0, five, seven, "", true},
		{"failing, old values kept", "", &Cache{FetchedAt: t0.Add(-29 * time.Minute), Usage: Usage{five, seven}, Error: KindRateLimited,
			State: refresh.State{AttemptAt: t0.Add(-time.Minute), Failures: 3, NextAttemptAt: t0.Add(11 * time.Minute)}}, t0, five, seven, KindRateLimited, false},
		{"values older than 30 min dropped", "", &Cache{FetchedAt: t0.Add(-30 * time.Minute), Usage: Usage{five, seven}, Error: KindNetwork}, t0, nil, nil, KindNetwork, true},
		{"block reset passed", "", &Cache{FetchedAt: t0.Add(-time.Minute), Usage: Usage{win(90, t0.Add(-time.Second)), seven}}, t0, nil, seven, "", true},
		{"backoff not over", "", &Cache{Error: KindAPI, State: refresh.State{AttemptAt: t0.Add(-5 * time.Minute), Failures: 2, NextAttemptAt: t0.Add(time.Minute)}}, t0, nil, nil, KindAPI, false},
		{"marker only", "", &Cache{State: refresh.State{AttemptAt: t0.Add(-time.Second)}}, t0, nil, nil, "", false},
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

// BenchmarkRead measures the redraw's hot path: one small file read and
// decode (the status line's budget is about 5 ms per redraw).
func BenchmarkRead(b *testing.B) {
	dir := filepath.Join(b.TempDir(), "cache")
	c := &Cache{FetchedAt: t0, Usage: Usage{win(47, reset5), win(31, reset7)}, State: refresh.State{AttemptAt: t0}}
	if err := refresh.Save(filepath.Join(dir, CacheFile), c); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		Read(dir, t0.Add(time.Minute))
	}
}
