//go:build unix

package git

import (
	"fmt"
	"os"
	"syscall"
)

// mapFile maps the file at path read-only, so that reading the index of
// a large store costs no heap: a fresh process pays for every page it
// allocates, and the page cache already holds the file. The caller holds
// the write lock, and the index is only ever replaced by a rename, so the
// mapped file never shrinks under us. release unmaps it.
func mapFile(path string, limit int64) (data []byte, release func(), err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", path, err)
	}
	size := fi.Size()
	switch {
	case size > limit:
		return nil, nil, fmt.Errorf("read %s: over %d bytes", path, limit)
	case size == 0:
		return nil, func() {}, nil
	}
	data, err = syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", path, err)
	}
	return data, func() { _ = syscall.Munmap(data) }, nil
}
