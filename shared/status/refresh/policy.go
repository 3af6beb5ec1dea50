// Package refresh holds the discipline shared by every network-backed
// cache of the status line (quota, service health): when a refresh is
// due, how failures back off, and how a redraw starts at most one
// background refresher without ever touching the network itself.
//
// The life of one attempt:
//
//  1. A redraw reads the cache and sees that a refresh is due ([Policy.Due]).
//  2. It calls [MaybeSpawn], which takes the cache lock without waiting,
//     re-checks, writes an "attempt started" marker ([State.Mark]) and
//     only then starts the refresher. Every later redraw sees the marker
//     and stays quiet: there is never one spawn per redraw.
//  3. The refresher calls [Run], which takes the lock (waiting briefly),
//     accepts the attempt if it is still due or was just marked, does the
//     work while holding the lock and records success or failure.
//
// The marker is pessimistic: it already sets the retry time a failure
// would set, so a refresher that crashes before writing anything still
// backs off instead of being respawned on the next redraw.
package refresh

import "time"

// PendingFor is how long after a marker the refresher may still claim
// the attempt as its own; a detached process normally starts within
// milliseconds.
const PendingFor = time.Minute

// Policy is the timing of one cache.
type Policy struct {
	// Interval is the minimum time between two attempts, successful or
	// not, and the first backoff step.
	Interval time.Duration
	// MaxBackoff caps the exponential backoff after failures.
	MaxBackoff time.Duration
	// MaxRetryAfter caps a server's Retry-After; 0 means MaxBackoff.
	MaxRetryAfter time.Duration
}

// State is the scheduling part of a cache document. Cache types embed it,
// so its fields sit at the top level of the JSON file.
type State struct {
	// AttemptAt is when the last attempt started (marker or refresher).
	AttemptAt time.Time `json:"attemptAt,omitzero"`
	// DoneAt is when the last attempt recorded its outcome.
	DoneAt time.Time `json:"doneAt,omitzero"`
	// Failures counts consecutive failed attempts; 0 after a success.
	Failures int `json:"failures"`
	// NextAttemptAt is the earliest time of the next attempt.
	NextAttemptAt time.Time `json:"nextAttemptAt,omitzero"`
}

// Gate returns s itself. Through embedding it makes every cache type
// that embeds State satisfy [Record].
func (s *State) Gate() *State { return s }

// Backoff is the wait after the given number of consecutive failures:
// Interval × 2^(failures-1), capped at MaxBackoff. It is Interval for
// failures ≤ 1.
func (p Policy) Backoff(failures int) time.Duration {
	d := p.Interval
	for i := 1; i < failures && (p.MaxBackoff <= 0 || d < p.MaxBackoff); i++ {
		d *= 2
	}
	if p.MaxBackoff > 0 && d > p.MaxBackoff {
		d = p.MaxBackoff
	}
	return d
}

// retryCap is the longest Retry-After the policy honours.
func (p Policy) retryCap() time.Duration {
	if p.MaxRetryAfter > 0 {
		return p.MaxRetryAfter
	}
	return p.MaxBackoff
}

// horizon is the furthest into the future a legitimate schedule time can
// lie; anything beyond it comes from a clock that jumped back or from a
// damaged file, and is ignored rather than obeyed.
func (p Policy) horizon() time.Duration {
	return max(p.Interval, p.MaxBackoff, p.retryCap())
}

// Due reports whether a new attempt may start at now: the last attempt
// started at least Interval ago and NextAttemptAt has passed. Times
// further in the future than any legitimate wait are ignored.
func (p Policy) Due(s State, now time.Time) bool {
	limit := now.Add(p.horizon())
	if !s.AttemptAt.After(limit) && now.Before(s.AttemptAt.Add(p.Interval)) {
		return false
	}
	if !s.NextAttemptAt.After(limit) && now.Before(s.NextAttemptAt) {
		return false
	}
	return true
}

// Pending reports whether an attempt was marked less than [PendingFor]
// ago and has recorded no outcome yet: the refresher that was spawned for
// it may run.
func (s State) Pending(now time.Time) bool {
	if s.AttemptAt.IsZero() || !s.AttemptAt.After(s.DoneAt) {
		return false
	}
	d := now.Sub(s.AttemptAt)
	return d > -PendingFor && d < PendingFor
}

// Mark records that an attempt starts at now. It sets NextAttemptAt as
// if the attempt were going to fail, so a refresher that dies silently
// still backs off.
func (s *State) Mark(p Policy, now time.Time) {
	s.AttemptAt = now
	s.NextAttemptAt = now.Add(p.Backoff(s.Failures + 1))
}

// Succeed records a successful attempt finished at now.
func (s *State) Succeed(now time.Time) {
	s.DoneAt = now
	s.Failures = 0
	s.NextAttemptAt = time.Time{}
}

// Fail records a failed attempt finished at now. The next attempt waits
// [Policy.Backoff] of the new failure count or, when the server gave one,
// retryAfter (capped at MaxRetryAfter); either way never less than
// Interval, which [Policy.Due] enforces through AttemptAt.
func (s *State) Fail(p Policy, now time.Time, retryAfter time.Duration) {
	s.Failures++
	s.DoneAt = now
	delay := p.Backoff(s.Failures)
	if retryAfter > 0 {
		delay = min(retryAfter, p.retryCap())
	}
	s.NextAttemptAt = now.Add(delay)
}
