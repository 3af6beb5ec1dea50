package lock

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"
)

// A program whose user should know what it waits for (ai writing a note
// while another ai holds the store) calls ReportWaits once at its start:
// from then on, a wait of this process for a lock another process holds
// is reported at once, naming the holder when the system says who it is.
// Hooks never call it; they wait in silence, briefly.

// Wait is one wait for a lock another process holds.
type Wait struct {
	Path   string        // the lock file
	Holder string        // who holds it ("pid 123 (ai notes sync)"), "" when not known
	Limit  time.Duration // the longest the wait lasts; 0 when no deadline bounds it
}

// Message tells the user, at once, that the process waits for a lock
// another holds: which (shown: its path as the user knows it), who holds
// it when known, and for how long at most. A silent wait looks like a
// hang, and Claude Code's Bash tool stops a command after two minutes.
func (w Wait) Message(shown string) string {
	msg := "waiting for " + shown
	if w.Holder != "" {
		msg += ", held by " + w.Holder
	}
	if w.Limit > 0 {
		msg += fmt.Sprintf("; giving up after %v", w.Limit)
	}
	return msg
}

// reporter hears the waits of this process; nil: nobody does.
var reporter atomic.Pointer[func(Wait)]

// ReportWaits makes fn hear every wait of this process for a lock held
// by another, as it starts; nil stops the reports.
func ReportWaits(fn func(Wait)) {
	if fn == nil {
		reporter.Store(nil)
		return
	}
	reporter.Store(&fn)
}

// waiting reports a wait for path (held: the first try failed) and
// returns who holds it.
func waiting(ctx context.Context, path string) string {
	holder := Holder(path)
	if fn := reporter.Load(); fn != nil {
		var limit time.Duration
		if d, ok := ctx.Deadline(); ok {
			limit = time.Until(d).Round(time.Second)
		}
		(*fn)(Wait{Path: path, Holder: holder, Limit: limit})
	}
	return holder
}

// busy is the error of a wait that ended with the lock still held.
func busy(path, holder string) error {
	if holder == "" {
		return fmt.Errorf("gave up waiting for the lock %s: %w", path, ErrTimeout)
	}
	return fmt.Errorf("gave up waiting for the lock %s, held by %s: %w", path, holder, ErrTimeout)
}
