package git

import (
	"fmt"

	"github.com/session-intelligence/session-intelligence/shared/core/lock"
)

// upgrade migrates the store from version from to the program's version
// under the write lock, in one commit. Another process may have upgraded
// it meanwhile; then nothing is done and the result is nil.
func (s *Store) upgrade(from int) (*Upgrade, error) {
	var up *Upgrade
	err := lock.With(s.lockPath(), s.opts.lockWait(), func() error {
		v, err := s.version()
		if err != nil || v == s.opts.Version {
			return err
		}
		for n := v; n < s.opts.Version; n++ {
			if s.opts.Migrations[n] == nil {
				return fmt.Errorf("upgrade %s: no upgrade from format %d", s.dir, n)
			}
		}
		if err := s.repair(); err != nil {
			return err
		}
		prev, err := s.Head()
		if err != nil {
			return err
		}
		msg := fmt.Sprintf("Upgrade the %s from format %d to %d", s.opts.Kind, v, s.opts.Version)
		hash, err := s.updateLocked(func(tx *Tx) (string, error) {
			for n := v; n < s.opts.Version; n++ {
				if err := s.opts.Migrations[n](tx); err != nil {
					return "", fmt.Errorf("upgrade %s from format %d: %w", s.dir, n, err)
				}
			}
			tx.Write(FormatFile, formatBytes(s.opts.Kind, s.opts.Version))
			return msg, nil
		})
		if err != nil {
			return err
		}
		up = &Upgrade{From: v, To: s.opts.Version, Previous: prev, Commit: hash}
		return nil
	})
	return up, err
}
