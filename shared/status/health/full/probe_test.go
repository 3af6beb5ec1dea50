package full

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/status/health"
	"github.com/session-intelligence/session-intelligence/shared/status/refresh"
)

var t0 = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

// cacheDir is a fresh, not yet existing cache directory.
func cacheDir(t *testing.T) string { return filepath.Join(t.TempDir(), "cache") }

// server starts a 127.0.0.1 server counting its hits.
func server(t *testing.T, h http.HandlerFunc) (*httptest.Server, *atomic.Int32) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		h(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

// status answers with a fixed code.
func status(code int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(code) }
}

// refusedURL is a loopback URL nobody listens on.
func refusedURL(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	return "http://" + addr + "/"
}

func TestProbeClassification(t *testing.T) {
	target, targetHits := server(t, status(200))
	tests := []struct {
		name     string
		url      func(t *testing.T) string
		timeout  int
		want     health.Status
		wantCode int
		wantErr  string
	}{
		{"200", srvURL(status(200)), 0, health.OK, 200, ""},
		{"204", srvURL(status(204)), 0, health.OK, 204, ""},
		{"301 not followed", srvURL(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, target.URL, http.StatusMovedPermanently)
		}), 0, health.Redirect, 301, ""},
		{"404", srvURL(status(404)), 0, health.Down, 404, ""},
		{"500", srvURL(status(500)), 0, health.Down, 500, ""},
		{"endless body", srvURL(endless), 1000, health.OK, 200, ""},
		{"connection refused", refusedURL, 0, health.Down, 0, "refused"},
		{"timeout", srvURL(func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
			}
		}), 150, health.Down, 0, "timeout"},
		{"bad url", func(*testing.T) string { return "ftp://example.com/" }, 0, health.Down, 0, "bad-url"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := cacheDir(t)
			svcs := []health.Service{{Name: "svc", URL: tt.url(t), TimeoutMs: tt.timeout}}
			// The bounds show in the results, not in a clock: the hanging
			// server would answer 200 after 5 s, past the 150 ms timeout,
			// and the endless body never ends unless the probe stops
			// reading it before its 1 s timeout.
			_ = Refresh(context.Background(), dir, svcs, nil, t0)
			got, due := health.Read(dir, svcs, t0)
			r := got[0]
			if r.Status != tt.want || r.Code != tt.wantCode || r.Error != tt.wantErr || !r.CheckedAt.Equal(t0) || due {
				t.Errorf("Read = %+v due %v, want %s code %d error %q", r, due, tt.want, tt.wantCode, tt.wantErr)
			}
		})
	}
	if n := targetHits.Load(); n != 0 {
		t.Errorf("redirect target hit %d times: redirects were followed", n)
	}
}

// endless streams a body until the client goes away.
func endless(w http.ResponseWriter, r *http.Request) {
	chunk := []byte(strings.Repeat("x", 32<<10))
	for r.Context().Err() == nil {
		if _, err := w.Write(chunk); err != nil {
			return
		}
	}
}

// srvURL defers starting a server with h until the subtest runs.
func srvURL(h http.HandlerFunc) func(t *testing.T) string {
	return func(t *testing.T) string {
		srv, _ := server(t, h)
		return srv.URL + "/health"
	}
}

// TestProbesConcurrent: every handler blocks until all four probes have
// arrived, so probing one after the other cannot pass.
func TestProbesConcurrent(t *testing.T) {
	const n = 4
	var wg sync.WaitGroup
	wg.Add(n)
	arrived := make(chan struct{})
	go func() { wg.Wait(); close(arrived) }()
	srv, _ := server(t, func(w http.ResponseWriter, r *http.Request) {
		wg.Done()
		select {
		case <-arrived:
			w.WriteHeader(200)
		case <-time.After(2 * time.Second):
			w.WriteHeader(503)
		}
	})
	var svcs []health.Service
	for _, name := range []string{"a", "b", "c", "d"} {
		svcs = append(svcs, health.Service{Name: name, URL: srv.URL + "/" + name})
	}
	dir := cacheDir(t)
	if err := Refresh(context.Background(), dir, svcs, srv.Client(), t0); err != nil {
		t.Fatalf("Refresh: %v", err)
	}
	got, _ := health.Read(dir, svcs, t0)
	for _, r := range got {
		if r.Status != health.OK {
			t.Errorf("%s: %+v, want ok (503 means the probes did not overlap)", r.Name, r)
		}
	}
}

func TestRefreshProbesOnlyDue(t *testing.T) {
	fast, fastHits := server(t, status(200))
	slow, slowHits := server(t, status(200))
	svcs := []health.Service{{Name: "fast", URL: fast.URL, TTLSec: 10}, {Name: "slow", URL: slow.URL, TTLSec: 60}}
	dir := cacheDir(t)
	path := filepath.Join(dir, health.CacheFile)
	if err := refresh.Save(path, &health.Cache{Services: map[string]health.Entry{"gone": {Status: 200, CheckedAt: t0}}}); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		at         time.Duration
		wantErr    error
		fast, slow int32
	}{
		{0, nil, 1, 1},
		{5 * time.Second, refresh.ErrNotDue, 1, 1},
		{15 * time.Second, nil, 2, 1},
		{60 * time.Second, nil, 3, 2},
	}
	for _, st := range steps {
		err := Refresh(context.Background(), dir, svcs, nil, t0.Add(st.at))
		if !errors.Is(err, st.wantErr) || (st.wantErr == nil) != (err == nil) {
			t.Errorf("+%v: Refresh = %v, want %v", st.at, err, st.wantErr)
		}
		if fastHits.Load() != st.fast || slowHits.Load() != st.slow {
			t.Errorf("+%v: hits fast %d slow %d, want %d %d", st.at, fastHits.Load(), slowHits.Load(), st.fast, st.slow)
		}
	}
	c, _ := refresh.Load[health.Cache](path)
	if _, ok := c.Services["gone"]; ok || len(c.Services) != 2 {
		t.Errorf("cache services = %v, want only fast and slow", c.Services)
	}
}
