package search

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// The bounds of one search.
const (
	// MaxHits is the most matches a search prints.
	MaxHits = 2000
	// Timeout bounds a search's time: a costly pattern over a large
	// store stops there rather than running on.
	Timeout = 5 * time.Second
)

// ErrTooSlow: a search ran out of time.
var ErrTooSlow = errors.New("search stopped")

// Budget is what is left of one search's bounds. Searches ask More
// before each file or line, from any goroutine, and call Hit for each
// match, from one.
type Budget struct {
	now     func() time.Time
	until   time.Time
	timeout time.Duration
	max     int
	// hits is read by More from any goroutine.
	hits atomic.Int64
	late atomic.Bool
	// checks counts More calls, so that the clock is read every few.
	checks atomic.Int64
	// clock is held while now is read: a clock (a test's) need not be
	// safe for use from many goroutines.
	clock sync.Mutex
}

// NewBudget starts a budget of [Timeout] and [MaxHits] on clock now
// (nil: time.Now).
func NewBudget(now func() time.Time) *Budget { return NewBudgetOf(now, Timeout, MaxHits) }

// NewBudgetOf is [NewBudget] with other bounds (tests).
func NewBudgetOf(now func() time.Time, timeout time.Duration, maxHits int) *Budget {
	if now == nil {
		now = time.Now
	}
	return &Budget{now: now, until: now().Add(timeout), timeout: timeout, max: maxHits}
}

// checkEvery is how many More calls share one reading of the clock.
const checkEvery = 16

// More reports whether the search may go on: neither its time nor its
// matches are used up.
func (b *Budget) More() bool {
	if b.late.Load() || b.Full() {
		return false
	}
	if b.checks.Add(1)%checkEvery == 1 && b.past() {
		b.late.Store(true)
	}
	return !b.late.Load()
}

// past reports whether the clock has passed the budget's end.
func (b *Budget) past() bool {
	b.clock.Lock()
	defer b.clock.Unlock()
	return b.now().After(b.until)
}

// Hit counts one match.
func (b *Budget) Hit() { b.hits.Add(1) }

// Hits is the number of matches counted.
func (b *Budget) Hits() int { return int(b.hits.Load()) }

// Full reports that the search stopped at [MaxHits].
func (b *Budget) Full() bool { return b.Hits() >= b.max }

// Err is the error of a search that ran out of time, nil otherwise.
func (b *Budget) Err(p *Pattern) error {
	if !b.late.Load() {
		return nil
	}
	return fmt.Errorf("%w after %v with %d matches so far: the regex %q costs too much on this store; simplify it (fewer nested repeats, a literal word to look for)",
		ErrTooSlow, b.timeout, b.Hits(), p.String())
}

// Footer is the last line of a search's output: the count, and a word
// when the output was cut.
func (b *Budget) Footer(p *Pattern) string {
	switch {
	case b.late.Load():
		return fmt.Sprintf("# search stopped after %v: %s so far for %s", b.timeout, plural(b.Hits()), p)
	case b.Full():
		return fmt.Sprintf("# stopped at %d matches for %s; narrow the regex to see the rest", b.max, p)
	}
	return fmt.Sprintf("# %s for %s", plural(b.Hits()), p)
}

func plural(n int) string {
	if n == 1 {
		return "1 match"
	}
	return fmt.Sprintf("%d matches", n)
}
