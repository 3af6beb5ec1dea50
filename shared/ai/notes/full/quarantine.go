package full

import (
	"errors"
	"os"
	"path/filepath"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
)

// A fetch writes what the remote sent into the store (a pack) and moves
// the tracking branch before the sync has looked at it. When the sync
// then refuses it (not a notes store, a path no store may hold, a tree
// git would refuse, the time limit), the store must be as it was: a
// pack of hostile objects left behind makes `git fsck` of the store
// fail, though nothing points at them.

// quarantine is what a round of a sync may have to take back.
type quarantine struct {
	repo  *git.Repository
	packs string          // the store's objects/pack
	had   map[string]bool // its files before the fetch
	head  string          // the store's commit before the fetch
	ref   plumbing.Hash   // the tracking branch before the fetch; zero: none
}

// enter notes the state a refused round goes back to.
func (s *syncer) enter() *quarantine {
	q := &quarantine{repo: s.repo, packs: filepath.Join(s.st.GitDir(), "objects", "pack"), had: map[string]bool{}}
	q.head, _ = s.st.Head()
	if ref, err := s.repo.Reference(trackingRef, true); err == nil {
		q.ref = ref.Hash()
	}
	names, _ := readNames(q.packs)
	for _, n := range names {
		q.had[n] = true
	}
	return q
}

// rollback removes what the round fetched, unless the store's branch has
// moved onto it since (then it is the store's own).
func (s *syncer) rollback(q *quarantine) error {
	if head, _ := s.st.Head(); head != q.head {
		return nil
	}
	names, err := readNames(q.packs)
	errs := []error{err}
	for _, n := range names {
		if !q.had[n] {
			if err := os.Remove(filepath.Join(q.packs, n)); err != nil && !errors.Is(err, os.ErrNotExist) {
				errs = append(errs, err)
			}
		}
	}
	if q.ref.IsZero() {
		err = q.repo.Storer.RemoveReference(trackingRef)
	} else {
		err = q.repo.Storer.SetReference(plumbing.NewHashReference(trackingRef, q.ref))
	}
	return errors.Join(append(errs, err)...)
}

// readNames lists the names in dir; a missing dir has none.
func readNames(dir string) ([]string, error) {
	f, err := os.Open(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.Readdirnames(-1)
}
