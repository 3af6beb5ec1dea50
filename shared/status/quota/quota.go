// Package quota shows Claude's 5-hour block and 7-day quota on the status
// line without ever making a redraw wait for the network.
//
// A redraw calls [Read], which only reads a small cache file, and, when
// Read says a refresh is due, [MaybeSpawn], which starts at most one
// detached refresher process. That process calls Refresh of package
// quota/full, which reads the OAuth token, asks the usage endpoint and
// writes the cache atomically through [Store]. Scheduling (the 180 s
// interval, the attempt marker that stops spawn storms, exponential
// backoff, Retry-After) is the shared discipline of package refresh.
//
// This package is the read-only half linked into the status line: it
// must not import net/http, crypto/tls or os/exec, which would cost every
// redraw their package initialisation. The network code lives in
// package quota/full.
//
// Cache file <dir>/quota.json (mode 0600), for example:
//
//	{"fetchedAt":"2026-11-29T18:47:00Z",
//	 "fiveHour":{"pct":47,"resetsAt":"2026-11-29T20:00:00Z"},
//	 "sevenDay":{"pct":31,"resetsAt":"2026-12-03T08:00:00Z"},
//	 "error":"", "attemptAt":"…", "doneAt":"…", "failures":0,
//	 "nextAttemptAt":"…"}
//
// fetchedAt and the windows come from the last success and survive later
// failures; error is the [Kind] of the last attempt ("" after a success).
package quota

import (
	"path/filepath"
	"strconv"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/status/refresh"
)

// Timing of the quota cache.
const (
	// Interval is the minimum time between two attempts.
	Interval = 180 * time.Second
	// MaxBackoff caps the backoff after consecutive failures.
	MaxBackoff = 30 * time.Minute
	// MaxRetryAfter caps the wait a 429's Retry-After can impose.
	MaxRetryAfter = time.Hour
	// MaxAge is how long values from the last success are shown.
	MaxAge = 30 * time.Minute
)

// File names inside the cache directory.
const (
	CacheFile = "quota.json"
	LockFile  = "quota.lock"
)

// Policy is the scheduling policy of the quota cache: attempts at least
// [Interval] apart; after n consecutive failures the next waits
// Interval × 2^(n-1), capped at [MaxBackoff]; a 429's Retry-After replaces
// that delay, capped at [MaxRetryAfter].
var Policy = refresh.Policy{Interval: Interval, MaxBackoff: MaxBackoff, MaxRetryAfter: MaxRetryAfter}

// Window is one quota window.
type Window struct {
	// Pct is the utilisation in percent, 0–100.
	Pct float64 `json:"pct"`
	// ResetsAt is when the window resets; zero when the API gave none.
	ResetsAt time.Time `json:"resetsAt,omitzero"`
}

// Usage is the parsed answer of the usage endpoint. A window the API did
// not report is nil.
type Usage struct {
	FiveHour *Window `json:"fiveHour,omitempty"`
	SevenDay *Window `json:"sevenDay,omitempty"`
}

// Snapshot is what a redraw gets from the cache.
type Snapshot struct {
	// Usage holds the windows of the last success, when it is younger
	// than MaxAge; a window whose reset time has passed is dropped, since
	// its utilisation no longer applies.
	Usage
	// FetchedAt is the time of that success, zero when no values are shown.
	FetchedAt time.Time
	// Error is the kind of the last attempt's failure, "" when it succeeded.
	Error Kind
	// Failures counts consecutive failed attempts.
	Failures int
}

// Kind names why an attempt failed; it is stored in the cache's "error".
type Kind string

// The failure kinds.
const (
	KindNoCredentials Kind = "no-credentials"   // no token in keychain or file
	KindTokenExpired  Kind = "token-expired"    // expiresAt has passed; nothing was sent
	KindRateLimited   Kind = "rate-limited"     // HTTP 429
	KindRefused       Kind = "endpoint-refused" // the endpoint is not Anthropic's; nothing was read or sent
	KindAPI           Kind = "api-error"        // any other non-2xx
	KindParse         Kind = "parse-error"      // the body is not a usage answer
	KindNetwork       Kind = "network"          // no HTTP answer
	KindTimeout       Kind = "timeout"          // no answer within the timeout
)

// Cache is the document stored in CacheFile. The refresher (package
// quota/full) updates it inside [refresh.Run] on [Store]; redraws only
// see it through [Read].
type Cache struct {
	// FetchedAt is the time of the last success, zero before the first.
	FetchedAt time.Time `json:"fetchedAt,omitzero"`
	// Usage holds the windows of the last success.
	Usage
	// Error is the kind of the last attempt's failure, "" after a success.
	Error Kind `json:"error"`
	refresh.State
}

// Store is the refresh store of the quota cache in dir: CacheFile and
// LockFile there, scheduled by [Policy].
func Store(dir string) refresh.Store {
	return refresh.Store{
		Path:     filepath.Join(dir, CacheFile),
		LockPath: filepath.Join(dir, LockFile),
		Policy:   Policy,
	}
}

// Read is the redraw's view of the cache in dir: the values to show and
// whether a refresh is due (see [refresh.Policy.Due]). It only reads one
// small file; a missing or corrupt cache shows nothing and is due.
func Read(dir string, now time.Time) (Snapshot, bool) {
	c, _ := refresh.Load[Cache](filepath.Join(dir, CacheFile))
	return c.snapshot(now), Policy.Due(c.State, now)
}

// snapshot extracts what may be shown at now.
func (c *Cache) snapshot(now time.Time) Snapshot {
	s := Snapshot{Error: c.Error, Failures: c.Failures}
	age := now.Sub(c.FetchedAt)
	if c.FetchedAt.IsZero() || age >= MaxAge || age <= -MaxAge {
		return s
	}
	s.FetchedAt = c.FetchedAt
	s.FiveHour = current(c.FiveHour, now)
	s.SevenDay = current(c.SevenDay, now)
	return s
}

// current returns w unless its reset time has passed.
func current(w *Window, now time.Time) *Window {
	if w == nil || !w.ResetsAt.IsZero() && !now.Before(w.ResetsAt) {
		return nil
	}
	v := *w
	return &v
}

// MaybeSpawn is called by a redraw when [Read] reported a refresh due.
// Without waiting it takes <dir>/quota.lock (busy: a refresher runs, so
// false), re-checks that a refresh is due, writes the attempt marker into
// the cache so concurrent and later redraws stay quiet, releases the lock
// and calls spawn, which should start the refresher process detached
// (package detach's Start). It reports whether spawn was called and
// succeeded.
func MaybeSpawn(dir string, now time.Time, spawn func() error) bool {
	return refresh.MaybeSpawn[Cache](Store(dir), now, nil, spawn)
}

// FormatReset renders the time until a reset the way the status line
// shows it: "45m", "1hr 12m", "4d 12hr". It rounds up to whole minutes,
// so a countdown never reads 0m while time remains, drops a zero second
// unit ("2hr", "4d") and shows "0m" for d ≤ 0.
func FormatReset(d time.Duration) string {
	if d <= 0 {
		return "0m"
	}
	mins := int64((d + time.Minute - 1) / time.Minute)
	days, hours, m := mins/(24*60), mins/60%24, mins%60
	switch {
	case days > 0:
		return units(days, "d", hours, "hr")
	case hours > 0:
		return units(hours, "hr", m, "m")
	}
	return strconv.FormatInt(m, 10) + "m"
}

// units joins a major and a minor unit, leaving out a zero minor one.
func units(major int64, majorUnit string, minor int64, minorUnit string) string {
	s := strconv.FormatInt(major, 10) + majorUnit
	if minor > 0 {
		s += " " + strconv.FormatInt(minor, 10) + minorUnit
	}
	return s
}
