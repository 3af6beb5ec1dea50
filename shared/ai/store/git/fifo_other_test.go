//go:build !unix

package git

import "errors"

// mkfifo fails: Windows has no FIFOs in its file system.
func mkfifo(string) error { return errors.New("no FIFOs on this system") }
