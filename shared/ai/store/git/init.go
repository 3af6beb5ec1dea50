package git

import (
	"errors"
	"fmt"
	"os"

	"github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/plumbing"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// ErrNotEmpty: Init was pointed at a directory holding something else.
var ErrNotEmpty = errors.New("exists and is not an empty directory")

// Init creates the store in dir (a private directory) with its format file
// and files, in one first commit. When dir already holds a store of this
// kind it opens it instead (upgrading it if needed) and created is false.
func Init(dir string, opts Options, message string, files map[string][]byte) (s *Store, created bool, err error) {
	s = newStore(dir, opts)
	if _, err := os.Stat(s.gitDir); err == nil {
		s, _, err := Open(dir, opts)
		return s, false, err
	}
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return nil, false, fmt.Errorf("create store %s: %w", dir, ErrNotEmpty)
	}
	if err := fsutil.PrivateDir(dir); err != nil {
		return nil, false, fmt.Errorf("create store: %w", err)
	}
	if err := s.initRepo(); err != nil {
		return nil, false, fmt.Errorf("create store %s: %w", dir, err)
	}
	_, err = s.Update(func(tx *Tx) (string, error) {
		tx.Write(FormatFile, formatBytes(opts.Kind, opts.Version))
		for path, data := range files {
			tx.Write(path, data)
		}
		return message, nil
	})
	if err != nil {
		return nil, false, err
	}
	return s, true, nil
}

// initRepo makes an empty repository in .git whose HEAD is [Branch],
// with the storage layer alone: the top-level go-git package would bring
// its network transports into every binary that links a store.
func (s *Store) initRepo() error {
	if err := fsutil.PrivateDir(s.gitDir); err != nil {
		return err
	}
	st := s.git()
	if err := st.Init(); err != nil {
		return err
	}
	if err := st.SetReference(plumbing.NewSymbolicReference(plumbing.HEAD, plumbing.ReferenceName(Branch))); err != nil {
		return err
	}
	cfg := config.NewConfig()
	cfg.Core.IsBare = false
	return st.SetConfig(cfg)
}
