package relay

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/lock"
)

// lockWait bounds the wait for another window's decision on the same
// project; decisions take a millisecond or two.
const lockWait = 2 * time.Second

// Store keeps one state file per project in a private directory.
type Store struct {
	Dir string // <state>/relay, created 0700
}

// NewStore is the store under the plugin's private state root.
func NewStore(stateRoot string) Store { return Store{Dir: filepath.Join(stateRoot, "relay")} }

// Path is the state file of the project at root.
func (s Store) Path(root string) string {
	sum := sha256.Sum256([]byte(filepath.Clean(root)))
	return filepath.Join(s.Dir, hex.EncodeToString(sum[:8])+".json")
}

// Load reads a project's state without locking; a missing file is a
// fresh armed state.
func (s Store) Load(root string) (*State, error) {
	data, err := fsutil.ReadCapped(s.Path(root), maxStateBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return newState(filepath.Clean(root)), nil
	}
	if err != nil {
		return nil, fmt.Errorf("relay state: %w", err)
	}
	return decodeState(data, root)
}

// decodeState parses a state file; one that does not parse is an error.
func decodeState(data []byte, root string) (*State, error) {
	st := newState(filepath.Clean(root))
	if err := jsonx.Unmarshal(data, st); err != nil {
		return nil, fmt.Errorf("relay state for %s: %w", root, err)
	}
	if st.Phase == "" {
		st.Phase = Armed
	}
	if st.Convs == nil {
		st.Convs = map[string]*Conv{}
	}
	return st, nil
}

// Update runs fn on the project's state under the project's lock and
// writes the result back atomically when it changed; fsynced when the
// phase or the held prompts changed, since those must survive a crash. A
// state file that does not parse is replaced by a fresh one (logged in
// its history) rather than blocking every later decision.
func (s Store) Update(root string, now time.Time, fn func(st *State)) error {
	if err := fsutil.PrivateDir(s.Dir); err != nil {
		return fmt.Errorf("relay state: %w", err)
	}
	path := s.Path(root)
	return lock.With(path+".lock", lockWait, func() error {
		st, err := s.Load(root)
		if err != nil {
			st = newState(filepath.Clean(root))
			var owner Owner // the prompts it held are still owed
			owner, st.Kept = s.Held(root).Recover()
			st.OwnerSID, st.OwnerWindow = owner.SID, owner.Window
			st.log(now, "", "reset", 0, "unreadable state replaced: %v", err)
		}
		before, _ := jsonx.Marshal(st)
		phase, held := st.Phase, len(st.Held)+len(st.Kept)
		fn(st)
		after, err := jsonx.Marshal(st)
		if err != nil {
			return fmt.Errorf("relay state: %w", err)
		}
		if bytes.Equal(before, after) {
			return nil
		}
		d := fsutil.NoSync
		if st.Phase != phase || len(st.Held)+len(st.Kept) != held {
			d = fsutil.Sync
		}
		return fsutil.WriteAtomic(path, after, 0o600, d)
	})
}
