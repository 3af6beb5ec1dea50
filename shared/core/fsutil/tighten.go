package fsutil

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// errEnough stops a walk at its bound.
var errEnough = errors.New("walk bound reached")

// Tighten walks the tree under root (root included) and takes every
// access of group and others away: directories become 0700, files keep
// only their owner's bits (0600, or 0700 for a program). Links are not
// followed or changed, and entries of other users are left alone. At
// most limit entries are visited, so a huge tree costs a bounded time;
// it returns how many it changed. Nothing is done where modes carry no
// such access ([PermBits]).
func Tighten(root string, limit int) (changed int, err error) {
	if !PermBits {
		return 0, nil
	}
	seen := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if path == root {
				return err
			}
			return nil // gone meanwhile, or unreadable: the rest still counts
		}
		if seen++; seen > limit {
			return errEnough
		}
		if d.Type()&fs.ModeSymlink != 0 {
			return nil
		}
		fi, err := d.Info()
		if err != nil || fi.Mode().Perm()&0o077 == 0 || OwnedByOther(fi) {
			return nil
		}
		mode := fi.Mode().Perm() &^ 0o077
		if d.IsDir() {
			mode = 0o700
		}
		if os.Chmod(path, mode) == nil {
			changed++
		}
		return nil
	})
	if errors.Is(err, errEnough) || errors.Is(err, fs.ErrNotExist) {
		err = nil
	}
	return changed, err
}
