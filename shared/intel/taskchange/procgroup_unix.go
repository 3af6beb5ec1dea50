//go:build unix

package taskchange

import (
	"os/exec"
	"syscall"
)

// ownGroup starts cmd in its own process group and makes cancellation
// kill the whole group, so a tie-breaker that started helpers of its own
// leaves nothing behind.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
