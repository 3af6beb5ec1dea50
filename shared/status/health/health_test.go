package health

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/status/refresh"
)

var t0 = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

// cacheDir is a fresh, not yet existing cache directory.
func cacheDir(t *testing.T) string { return filepath.Join(t.TempDir(), "cache") }

func TestServiceTiming(t *testing.T) {
	tests := []struct {
		s           Service
		ttl, probeT time.Duration
	}{
		{Service{}, 30 * time.Second, 3 * time.Second},
		{Service{TTLSec: 10, TimeoutMs: 500}, 10 * time.Second, 500 * time.Millisecond},
		{Service{TTLSec: 1, TimeoutMs: 9000}, 5 * time.Second, 3 * time.Second},
		{Service{TTLSec: -3, TimeoutMs: -1}, 30 * time.Second, 3 * time.Second},
		{Service{TTLSec: 3600}, time.Hour, 3 * time.Second},
	}
	for _, tt := range tests {
		if ttl, pt := tt.s.TTL(), tt.s.Timeout(); ttl != tt.ttl || pt != tt.probeT {
			t.Errorf("%+v: ttl %v timeout %v, want %v %v", tt.s, ttl, pt, tt.ttl, tt.probeT)
		}
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		code int
		want Status
	}{
		{0, Down}, {100, Down}, {200, OK}, {204, OK}, {299, OK}, {301, Redirect},
		{308, Redirect}, {404, Down}, {500, Down}, {503, Down},
	}
	for _, tt := range tests {
		if got := Classify(tt.code); got != tt.want {
			t.Errorf("Classify(%d) = %s, want %s", tt.code, got, tt.want)
		}
	}
}

func TestPolicy(t *testing.T) {
	tests := []struct {
		name     string
		services []Service
		interval time.Duration
	}{
		{"none", nil, DefaultTTL},
		{"default", []Service{{Name: "a"}}, DefaultTTL},
		{"shortest wins", []Service{{TTLSec: 60}, {TTLSec: 10}, {}}, 10 * time.Second},
		{"floor", []Service{{TTLSec: 1}}, MinTTL},
	}
	for _, tt := range tests {
		p := policy(tt.services)
		if p.Interval != tt.interval || p.MaxBackoff != 4*tt.interval {
			t.Errorf("%s: policy %+v, want interval %v", tt.name, p, tt.interval)
		}
	}
}

func TestReadDue(t *testing.T) {
	api := Service{Name: "api", URL: "http://127.0.0.1:1/"}
	slow := Service{Name: "slow", URL: "http://127.0.0.1:1/", TTLSec: 300}
	at := func(d time.Duration, code int) Entry {
		return Entry{Status: code, OK: code/100 == 2, CheckedAt: t0.Add(d)}
	}
	tests := []struct {
		name     string
		c        *Cache // nil: no file
		services []Service
		want     []Status
		wantDue  bool
	}{
		{"no cache", nil, []Service{api}, []Status{Unknown}, true},
		{"no services", nil, nil, []Status{}, false},
		{"fresh", &Cache{Services: map[string]Entry{"api": at(-10*time.Second, 200)}, State: refresh.State{AttemptAt: t0.Add(-10 * time.Second)}},
			[]Service{api}, []Status{OK}, false},
		{"ttl passed, still shown", &Cache{Services: map[string]Entry{"api": at(-30*time.Second, 301)}, State: refresh.State{AttemptAt: t0.Add(-30 * time.Second)}},
			[]Service{api}, []Status{Redirect}, true},
		{"too old to show", &Cache{Services: map[string]Entry{"api": at(-150*time.Second, 200)}}, []Service{api}, []Status{Unknown}, true},
		{"down", &Cache{Services: map[string]Entry{"api": at(-time.Second, 0)}}, []Service{api}, []Status{Down}, false},
		{"one stale of two", &Cache{Services: map[string]Entry{"api": at(-40*time.Second, 200), "slow": at(-40*time.Second, 500)}},
			[]Service{api, slow}, []Status{OK, Down}, true},
		{"only the slow one, fresh", &Cache{Services: map[string]Entry{"slow": at(-100*time.Second, 200)}}, []Service{slow}, []Status{OK}, false},
		{"attempt just marked", &Cache{State: refresh.State{AttemptAt: t0.Add(-time.Second)}}, []Service{api}, []Status{Unknown}, false},
		{"backing off", &Cache{Services: map[string]Entry{"api": at(-time.Minute, 0)},
			State: refresh.State{AttemptAt: t0.Add(-time.Minute), Failures: 3, NextAttemptAt: t0.Add(time.Minute)}}, []Service{api}, []Status{Down}, false},
		{"from the future", &Cache{Services: map[string]Entry{"api": at(time.Hour, 200)}}, []Service{api}, []Status{Unknown}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := cacheDir(t)
			if tt.c != nil {
				if err := refresh.Save(filepath.Join(dir, CacheFile), tt.c); err != nil {
					t.Fatal(err)
				}
			}
			got, due := Read(dir, tt.services, t0)
			if len(got) != len(tt.want) || due != tt.wantDue {
				t.Fatalf("Read = %+v due %v, want %v due %v", got, due, tt.want, tt.wantDue)
			}
			for i := range got {
				if got[i].Status != tt.want[i] {
					t.Errorf("service %d: %s, want %s", i, got[i].Status, tt.want[i])
				}
			}
		})
	}
}
