//go:build !windows

package fsutil

import "os"

// AnyoneMayWrite reports a directory in which any user of the machine
// may make or replace entries: here, one whose mode lets others write
// (the sticky /tmp included, where another user may still make a name
// first).
func AnyoneMayWrite(dir string) (bool, error) {
	fi, err := os.Stat(dir)
	if err != nil {
		return false, err
	}
	return PermBits && fi.Mode().Perm()&0o002 != 0, nil
}
