//go:build !unix

package git

import "github.com/session-intelligence/session-intelligence/shared/core/fsutil"

// mapFile reads the file at path into the heap; see the unix version.
// On Windows a file that is mapped cannot be renamed over, and the index
// is only ever replaced by a rename, so it is read, not mapped.
func mapFile(path string, limit int64) (data []byte, release func(), err error) {
	data, err = fsutil.ReadCapped(path, limit)
	if err != nil {
		return nil, nil, err
	}
	return data, func() {}, nil
}
