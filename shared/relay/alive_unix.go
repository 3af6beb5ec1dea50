//go:build unix

package relay

import (
	"errors"
	"strconv"
	"syscall"
)

// Alive reports whether the window (a process id) still runs. A window
// that is not a process id is taken as alive: only a sure death frees a
// relay early.
func Alive(window string) bool {
	pid, err := strconv.Atoi(window)
	if err != nil || pid <= 0 {
		return true
	}
	err = syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
