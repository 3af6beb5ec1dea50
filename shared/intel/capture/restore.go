package capture

import (
	"fmt"
	"os"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// Restore is what a compaction's summary lost, for the resume after it.
type Restore struct {
	T         int64  `json:"t"`
	Items     []Item `json:"items,omitempty"`
	Unchecked bool   `json:"unchecked,omitempty"` // no summary was checked: Items is everything captured
}

// restoreAge is how old a restore list may be and still be used: the
// SessionStart hook runs right after the PostCompact hook that wrote it.
const restoreAge = time.Hour

// SaveRestore replaces the restore list atomically.
func SaveRestore(path string, r Restore) error {
	data, err := jsonx.Marshal(r)
	if err != nil {
		return err
	}
	return fsutil.WriteOwn(path, data, fsutil.NoSync)
}

// TakeRestore consumes the restore list at path exactly once: it is
// renamed to a name only this process knows, read and deleted. ok is
// false when there is none, or it is too old to belong to this
// compaction; something else than a file there is moved aside.
func TakeRestore(path string, now time.Time) (r Restore, ok bool) {
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		_, _ = fsutil.MoveAside(path, fi, fmt.Errorf("a %s where the restore list belongs", fi.Mode().Type()))
		return Restore{}, false
	}
	claimed := fmt.Sprintf("%s.taken.%d", path, os.Getpid())
	if os.Rename(path, claimed) != nil {
		return Restore{}, false
	}
	defer os.Remove(claimed)
	data, err := fsutil.ReadCapped(claimed, maxFile)
	if err != nil || jsonx.Unmarshal(data, &r) != nil || now.Sub(time.Unix(r.T, 0)) > restoreAge {
		return Restore{}, false
	}
	return r, true
}
