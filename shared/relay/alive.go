package relay

import (
	"strconv"

	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// Alive reports whether the window (a process id) still runs. A window
// that is not a process id is taken as alive: only a sure death frees a
// relay early.
func Alive(window string) bool {
	pid, err := strconv.Atoi(window)
	if err != nil || pid <= 0 {
		return true
	}
	return proc.Alive(pid)
}
