//go:build !unix

package transcript

import "os"

// statIDs is unavailable here; size and tail checks still apply.
func statIDs(os.FileInfo) (dev, ino uint64) { return 0, 0 }
