// Package health shows the status line's health dots for the services
// configured in serviceHealth, without ever making a redraw wait.
//
// A redraw calls [Read], which only reads a cache file, and, when a
// probe is due, [MaybeSpawn], which starts at most one detached
// refresher. The refresher calls Refresh of package health/full, which
// probes every due service concurrently and writes the cache atomically
// through [Store]. Scheduling (interval, attempt marker, backoff) is
// package refresh's, as for the quota row.
//
// This package is the read-only half linked into the status line: it
// must not import net/http, which would cost every redraw its package
// initialisation. The HTTP probing lives in package health/full.
//
// Cache file <dir>/health.json (mode 0600), keyed by service name:
//
//	{"services":{"api":{"status":200,"ok":true,"checkedAt":"…"},
//	             "db":{"status":0,"ok":false,"checkedAt":"…","error":"refused"}},
//	 "attemptAt":"…","doneAt":"…","failures":0,"nextAttemptAt":"…"}
//
// status is the HTTP code, 0 when there was no answer; error is then one
// of timeout, refused, dns, network or bad-url.
package health

import (
	"path/filepath"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/status/refresh"
)

// Timing and limits.
const (
	// DefaultTTL is a service's ttl when ttlSec is 0.
	DefaultTTL = 30 * time.Second
	// MinTTL is the shortest ttl honoured.
	MinTTL = 5 * time.Second
	// ProbeTimeout bounds one probe; TimeoutMs can only shorten it.
	ProbeTimeout = 3 * time.Second
	// ShowFor is how many ttls a result stays displayed; a refresh is
	// already due after one, so the dot does not blink while it runs.
	ShowFor = 5
)

// File names inside the cache directory.
const (
	CacheFile = "health.json"
	LockFile  = "health.lock"
)

// Service is one serviceHealth entry.
type Service struct {
	Name      string `json:"name"`
	URL       string `json:"url"`
	TTLSec    int    `json:"ttlSec,omitempty"`
	TimeoutMs int    `json:"timeoutMs,omitempty"`
}

// TTL is how long a result counts as fresh: ttlSec, 30 s when unset,
// at least 5 s.
func (s Service) TTL() time.Duration {
	if s.TTLSec <= 0 {
		return DefaultTTL
	}
	return max(time.Duration(s.TTLSec)*time.Second, MinTTL)
}

// Timeout is the probe timeout: TimeoutMs when it is shorter than
// ProbeTimeout, else ProbeTimeout.
func (s Service) Timeout() time.Duration {
	if d := time.Duration(s.TimeoutMs) * time.Millisecond; d > 0 && d < ProbeTimeout {
		return d
	}
	return ProbeTimeout
}

// Key is the cache key: the name, or the URL for an unnamed service.
// Services sharing a name share a result.
func (s Service) Key() string {
	if s.Name != "" {
		return s.Name
	}
	return s.URL
}

// Status is what a dot shows.
type Status string

// The statuses.
const (
	Unknown  Status = "unknown"  // no result younger than ShowFor ttls
	OK       Status = "ok"       // HTTP 2xx
	Redirect Status = "redirect" // HTTP 3xx (redirects are not followed)
	Down     Status = "down"     // any other code, or no answer
)

// Result is the displayed state of one service.
type Result struct {
	Name      string
	Status    Status
	Code      int       // HTTP status, 0 without an answer
	CheckedAt time.Time // zero for Unknown
	Error     string    // why there was no answer, "" otherwise
}

// Entry is one service's result in the cache.
type Entry struct {
	Status    int       `json:"status"`          // HTTP status, 0 without an answer
	OK        bool      `json:"ok"`              // Classify(Status) == OK
	CheckedAt time.Time `json:"checkedAt"`       // when the probe ran
	Error     string    `json:"error,omitempty"` // why there was no answer
}

// Cache is the document stored in CacheFile. The refresher (package
// health/full) updates it inside [refresh.Run] on [Store]; redraws only
// see it through [Read].
type Cache struct {
	// Services holds the results by [Service.Key].
	Services map[string]Entry `json:"services"`
	refresh.State
}

// Classify maps an HTTP status to a dot: 2xx OK, 3xx Redirect, anything
// else (0 included) Down.
func Classify(code int) Status {
	switch {
	case code >= 200 && code <= 299:
		return OK
	case code >= 300 && code <= 399:
		return Redirect
	}
	return Down
}

// policy schedules the whole file: attempts at least the shortest ttl
// apart; when every probe of an attempt got no answer (likely offline)
// the next waits shortest-ttl × 2^(failures-1), capped at four ttls.
func policy(services []Service) refresh.Policy {
	interval := DefaultTTL
	for i, s := range services {
		if i == 0 || s.TTL() < interval {
			interval = s.TTL()
		}
	}
	return refresh.Policy{Interval: interval, MaxBackoff: 4 * interval}
}

// Store is the refresh store of the health cache in dir for services:
// CacheFile and LockFile there, scheduled by the shortest ttl.
func Store(dir string, services []Service) refresh.Store {
	return refresh.Store{
		Path:     filepath.Join(dir, CacheFile),
		LockPath: filepath.Join(dir, LockFile),
		Policy:   policy(services),
	}
}

// Read is the redraw's view: one result per service, in order, and
// whether a refresh is due (some result is missing or older than its
// ttl, and the schedule allows an attempt). It only reads one file.
func Read(dir string, services []Service, now time.Time) ([]Result, bool) {
	c, _ := refresh.Load[Cache](filepath.Join(dir, CacheFile))
	out := make([]Result, len(services))
	for i, s := range services {
		out[i] = c.result(s, now)
	}
	due := len(c.Stale(services, now)) > 0 && policy(services).Due(c.State, now)
	return out, due
}

// result is what service s shows at now.
func (c *Cache) result(s Service, now time.Time) Result {
	r := Result{Name: s.Name, Status: Unknown}
	e, ok := c.Services[s.Key()]
	age := now.Sub(e.CheckedAt)
	if !ok || e.CheckedAt.IsZero() || age >= ShowFor*s.TTL() || age <= -s.TTL() {
		return r
	}
	r.Status, r.Code, r.CheckedAt, r.Error = Classify(e.Status), e.Status, e.CheckedAt, e.Error
	return r
}

// Stale lists the services (one per [Service.Key]) whose result is
// missing or at least a ttl old at now: those a refresh probes.
func (c *Cache) Stale(services []Service, now time.Time) []Service {
	var out []Service
	seen := map[string]bool{}
	for _, s := range services {
		k := s.Key()
		if seen[k] {
			continue
		}
		seen[k] = true
		e, ok := c.Services[k]
		if age := now.Sub(e.CheckedAt); !ok || age >= s.TTL() || age <= -s.TTL() {
			out = append(out, s)
		}
	}
	return out
}

// MaybeSpawn is called by a redraw when [Read] reported a refresh due.
// Without waiting it takes <dir>/health.lock (busy: a refresher runs, so
// false), re-checks, writes the attempt marker, releases the lock and
// calls spawn, which should start the refresher process detached. It
// reports whether spawn was called and succeeded.
func MaybeSpawn(dir string, services []Service, now time.Time, spawn func() error) bool {
	need := func(c *Cache) bool { return len(c.Stale(services, now)) > 0 }
	return refresh.MaybeSpawn(Store(dir, services), now, need, spawn)
}
