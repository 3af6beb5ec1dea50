package git

import (
	"context"
	"fmt"

	"github.com/go-git/go-git/v5/plumbing"
)

// ResetLocked points the branch at commit, which must already be in the
// store (fetched or merged by the caller), and brings the working files
// and the index to it. The caller holds the write lock ([Store.Locked]).
// A process killed between the two steps leaves the working files behind
// HEAD, which the next writer repairs, as after any commit; so does ctx
// ending while they are written, with its error. progress, when not nil,
// hears how many files are written so far, every few hundred.
func (s *Store) ResetLocked(ctx context.Context, commit string, progress func(done int)) error {
	if !plumbing.IsHash(commit) {
		return fmt.Errorf("reset %s: bad commit %q", s.dir, commit)
	}
	h := plumbing.NewHash(commit)
	// Objects may have arrived in packs this storage has not indexed yet.
	s.storage = nil
	if _, err := s.commitTree(h); err != nil {
		return fmt.Errorf("reset %s: read commit %s: %w", s.dir, commit, err)
	}
	if err := s.setHead(h); err != nil {
		return err
	}
	return s.rebuild(ctx, h, progress)
}
