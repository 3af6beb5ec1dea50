package full

import (
	"context"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/status/quota"
	"github.com/session-intelligence/session-intelligence/shared/status/refresh"
)

// Refresh is the body of the refresher process. It takes the lock of the
// quota cache in dir (waiting at most a second), goes on only if the
// attempt was just marked or a refresh is due (else [refresh.ErrNotDue]),
// fetches with [Fetch] while holding the lock, and records the values or
// the failure kind and its backoff. It returns the fetch error, a
// *[FetchError].
func Refresh(ctx context.Context, dir string, opts Options, now time.Time) error {
	return refresh.Run(ctx, quota.Store(dir), now, nil, func(c *quota.Cache) error {
		u, err := Fetch(ctx, opts, now)
		if err != nil {
			c.Error = KindOf(err)
			return err
		}
		c.Usage, c.FetchedAt, c.Error = u, now, ""
		return nil
	})
}
