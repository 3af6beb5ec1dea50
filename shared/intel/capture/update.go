package capture

import (
	"context"

	"github.com/session-intelligence/session-intelligence/shared/intel/session"
)

// Update loads the session's store under the session lock, runs fn on
// it, and saves it when fn reports a change.
func Update(ctx context.Context, dir session.Dir, fn func(*Store) bool) error {
	return dir.Locked(ctx, func() error {
		s := Load(dir.CaptureFile())
		if !fn(&s) {
			return nil
		}
		return Save(dir.CaptureFile(), s)
	})
}
