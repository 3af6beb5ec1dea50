//go:build !unix

package git

import "github.com/session-intelligence/session-intelligence/shared/core/fsutil"

// mapFile reads the file at path; see the unix version.
func mapFile(path string, limit int64) (data []byte, release func(), err error) {
	data, err = fsutil.ReadCapped(path, limit)
	if err != nil {
		return nil, nil, err
	}
	return data, func() {}, nil
}
