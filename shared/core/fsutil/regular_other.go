//go:build !unix

package fsutil

import "os"

// openNonBlocking opens path read-only. Windows has no FIFOs that a
// plain open could block on; named pipes live apart, under \\.\pipe\.
func openNonBlocking(path string) (*os.File, error) {
	return os.Open(path)
}
