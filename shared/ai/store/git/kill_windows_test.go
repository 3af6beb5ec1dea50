//go:build windows

package git

import (
	"errors"
	"os/exec"

	"golang.org/x/sys/windows"
)

// killedCode is the exit code killSelf terminates with, one no test run
// exits with by itself.
const killedCode = 0xdead

// killSelf ends this process at once, as a crash would: TerminateProcess.
func killSelf() { _ = windows.TerminateProcess(windows.CurrentProcess(), killedCode) }

// killed reports whether a helper's run ended by killSelf.
func killed(err error) bool {
	var ee *exec.ExitError
	return errors.As(err, &ee) && ee.ExitCode() == killedCode
}
