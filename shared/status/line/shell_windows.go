//go:build windows

package line

import (
	"os"
	"os/exec"
)

// shellCommand is how Claude Code runs a statusLine command on Windows
// ([shellFinder.windowsShell]); env is the child's environment, nil for
// this process's. With no shell at all the command is started as a
// program: a bare program path still runs, anything else fails and so
// yields no output, as a broken previous command does elsewhere.
func shellCommand(command string, env []string) (string, []string) {
	getenv := os.Getenv
	if env != nil {
		getenv = envLookup(env)
	}
	f := shellFinder{getenv: getenv, look: exec.LookPath, exists: func(p string) bool {
		fi, err := os.Stat(p)
		return err == nil && fi.Mode().IsRegular()
	}}
	if shell, args, ok := f.windowsShell(command); ok {
		return shell, args
	}
	return command, nil
}
