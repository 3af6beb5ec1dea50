package bootstrap

// This file enforces where a CLAUDE.md may be written: only into a file
// that exists or at the top of a project, and never through a symlink
// another user could have planted.

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// testOnlyOwnedByOther decides whether a symlink belongs to another
// user; tests replace it to play that user without root.
var testOnlyOwnedByOther = fsutil.OwnedByOther

// projectTop reports whether a new CLAUDE.md may be created in dir: it
// is the top of a git work tree (it holds .git, a directory or, in a
// linked worktree, a file) or it already has a .claude folder. Any other
// directory (a scratch dir, /dev, a download folder) is no project, and
// a CLAUDE.md there would be litter.
func projectTop(dir string) bool {
	if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
		return true
	}
	fi, err := os.Stat(filepath.Join(dir, ".claude"))
	return err == nil && fi.IsDir()
}

// writeTarget is the file to read and replace for the CLAUDE.md at path,
// which Lstat described as lfi: path itself, or the target of a symlink
// we may follow. A symlink is refused (reason set) when another user
// owns it or when it sits in a world-writable directory, where anyone
// could have made it point at a file of the user's choosing, or of an
// attacker's. err is set only for failures that may pass.
func writeTarget(path string, lfi fs.FileInfo) (target, reason string, err error) {
	if lfi.Mode()&fs.ModeSymlink == 0 {
		return path, "", nil
	}
	if testOnlyOwnedByOther(lfi) {
		return "", "a symlink owned by another user", nil
	}
	open, err := fsutil.AnyoneMayWrite(filepath.Dir(path))
	if err != nil {
		return "", "", fmt.Errorf("manage CLAUDE.md: %w", err)
	}
	if open {
		return "", "a symlink in a world-writable directory", nil
	}
	target, err = filepath.EvalSymlinks(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", "a symlink to nothing", nil
	case err != nil:
		return "", "", fmt.Errorf("manage CLAUDE.md: %w", err)
	}
	return target, "", nil
}

// sameFile checks that what was read is what was looked at: a regular
// CLAUDE.md swapped for a symlink between the Lstat and the read would
// otherwise have the symlink's target copied into the project.
func sameFile(path string, lfi, read fs.FileInfo) error {
	if lfi.Mode()&fs.ModeSymlink != 0 || os.SameFile(lfi, read) {
		return nil
	}
	return fmt.Errorf("manage CLAUDE.md: %s changed while being read", path)
}
