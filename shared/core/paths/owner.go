package paths

import (
	"errors"
	"fmt"
	"os"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// ErrForeignState is returned by [Resolve] when the state root exists
// but belongs to another user. The status line and /si run the binaries
// kept under it, and the hooks trust the state in it, so a directory
// someone else could have filled is never used.
var ErrForeignState = errors.New("owned by another user")

// checkOwner refuses dir when it exists and is owned by a uid other than
// euid. It costs one stat (symlinks followed: what counts is the
// directory that would be used). A missing dir is fine, since it will be
// created private; other stat errors are left to the first real use to
// report. Platforms without uids never refuse.
func checkOwner(dir string, euid int) error {
	fi, err := os.Stat(dir)
	if err != nil {
		return nil
	}
	if uid, ok := fsutil.Owner(fi); ok && uid != euid {
		return fmt.Errorf("refuse state directory %s: %w (uid %d; this process runs as uid %d)", dir, ErrForeignState, uid, euid)
	}
	return nil
}
