//go:build unix

package git

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
)

// killSelf ends this process at once, as a crash would: SIGKILL.
func killSelf() { _ = syscall.Kill(os.Getpid(), syscall.SIGKILL) }

// killed reports whether a helper's run ended by killSelf.
func killed(err error) bool {
	var ee *exec.ExitError
	return errors.As(err, &ee) && ee.Sys().(syscall.WaitStatus).Signal() == syscall.SIGKILL
}
