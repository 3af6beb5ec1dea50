//go:build unix

package proc

import (
	"errors"
	"os/exec"
	"syscall"
)

// RunGroup runs cmd as cmd.Run does, in a process group of its own, and
// makes the end of cmd's context (cmd comes from exec.CommandContext)
// kill the whole group with SIGKILL, so that a child which started
// helpers of its own leaves none behind. A member that starts a session
// of its own (package detach) leaves the group and survives it.
func RunGroup(cmd *exec.Cmd) error {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	return cmd.Run()
}

// Alive reports whether process pid exists (a process of another user's
// counts). pid <= 0 names no single process: false.
func Alive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// LowerPriority makes this process yield the CPU to the user's session
// (nice 10); best effort.
func LowerPriority() { _ = syscall.Setpriority(syscall.PRIO_PROCESS, 0, 10) }

// Exec replaces this process with the program at path (argv[0] its
// name) and env; it returns only when that fails.
func Exec(path string, argv, env []string) error { return syscall.Exec(path, argv, env) }
