package lock

import (
	"os"
	"runtime"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
)

// openFlags are how the lock file is opened: created when missing,
// read-only as gofrs/flock does (read-write where an exclusive lock
// needs it), never blocking and never through a link.
var openFlags = func() int {
	mode := os.O_RDONLY
	switch runtime.GOOS {
	case "aix", "solaris", "illumos":
		mode = os.O_RDWR
	}
	return os.O_CREATE | mode | fsutil.OwnOpenFlags
}()
