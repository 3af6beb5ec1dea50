package full

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/status/health"
)

// redraws simulates 10 minutes of redraws every 300 ms; each due redraw
// calls MaybeSpawn, whose spawn runs Refresh in place of the detached
// process. It returns the number of spawns and the last results.
func redraws(dir string, svcs []health.Service) (int, []health.Result) {
	spawns := 0
	var last []health.Result
	for now := t0; now.Before(t0.Add(10 * time.Minute)); now = now.Add(300 * time.Millisecond) {
		res, due := health.Read(dir, svcs, now)
		last = res
		if !due {
			continue
		}
		health.MaybeSpawn(dir, svcs, now, func() error {
			spawns++
			_ = Refresh(context.Background(), dir, svcs, nil, now)
			return nil
		})
	}
	return spawns, last
}

// TestRedrawSpawns: healthy services are probed once per ttl; when
// nothing answers the attempts back off (30, 60, 120, 120… s); never
// one spawn per redraw.
func TestRedrawSpawns(t *testing.T) {
	tests := []struct {
		name       string
		handler    http.HandlerFunc // nil: connection refused
		want       health.Status
		wantSpawns int
	}{
		{"healthy", status(200), health.OK, 20},         // 0, 30, …, 570 s
		{"answering 500", status(500), health.Down, 20}, // an answer is not a failure
		{"unreachable", nil, health.Unknown, 7},         // 0, 30, 90, 210, 330, 450, 570 s
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url := refusedURL(t)
			var hits *atomic.Int32
			if tt.handler != nil {
				var srv *httptest.Server
				srv, hits = server(t, tt.handler)
				url = srv.URL
			}
			spawns, last := redraws(cacheDir(t), []health.Service{{Name: "svc", URL: url}})
			if spawns != tt.wantSpawns {
				t.Errorf("%d spawns in 2000 redraws, want %d", spawns, tt.wantSpawns)
			}
			if hits != nil && hits.Load() != int32(tt.wantSpawns) {
				t.Errorf("%d probes, want %d", hits.Load(), tt.wantSpawns)
			}
			if tt.handler != nil && last[0].Status != tt.want {
				t.Errorf("last result %+v, want %s", last[0], tt.want)
			}
		})
	}
}

func TestMaybeSpawnConcurrent(t *testing.T) {
	dir := cacheDir(t)
	svcs := []health.Service{{Name: "a", URL: "http://127.0.0.1:1/"}}
	var spawns atomic.Int32
	var wg sync.WaitGroup
	start := make(chan struct{})
	for range 16 {
		wg.Go(func() {
			<-start
			health.MaybeSpawn(dir, svcs, t0, func() error { spawns.Add(1); return nil })
		})
	}
	close(start)
	wg.Wait()
	if n := spawns.Load(); n != 1 {
		t.Errorf("16 concurrent redraws spawned %d refreshers, want exactly 1", n)
	}
}

func TestMaybeSpawnNothingToDo(t *testing.T) {
	srv, _ := server(t, status(200))
	dir := cacheDir(t)
	svcs := []health.Service{{Name: "a", URL: srv.URL}}
	if err := Refresh(context.Background(), dir, svcs, nil, t0); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		services []health.Service
		at       time.Duration
		want     bool
	}{
		{"fresh", svcs, 10 * time.Second, false},
		{"no services", nil, time.Hour, false},
		{"stale", svcs, 30 * time.Second, true},
	}
	for _, tt := range tests {
		got := health.MaybeSpawn(dir, tt.services, t0.Add(tt.at), func() error { return nil })
		if got != tt.want {
			t.Errorf("%s: MaybeSpawn = %v, want %v", tt.name, got, tt.want)
		}
	}
}
