// Package proc is the process boundary every command and hook is given:
// its standard streams, environment, clock and working directory, in one
// type injected from main, so that tests drive any binary in-process
// with no globals. Per-domain extras (a hook's event, the status line's
// spawner, ai's terminal flags) embed it. It also finds the sibling
// binaries that heavy subcommands live in (named [Exe]), and runs child
// processes in a group of their own ([RunGroup]) on unix and Windows.
package proc

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// IO is what a process may touch of the world outside it.
type IO struct {
	Stdin   io.Reader
	Stdout  io.Writer
	Stderr  io.Writer
	Getenv  func(string) string
	Environ func() []string // the whole environment, for children; nil = none
	Now     func() time.Time
	Cwd     string                       // working directory; "" = the process's
	Look    func(string) (string, error) // exec.LookPath; nil = not searched
}

// OS is the real process's IO.
func OS() IO {
	cwd, _ := os.Getwd()
	return IO{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv, Environ: os.Environ,
		Now: time.Now, Cwd: cwd, Look: exec.LookPath}
}

// Clock returns Now, or time.Now when it is unset.
func (e IO) Clock() func() time.Time {
	if e.Now == nil {
		return time.Now
	}
	return e.Now
}

// ErrNoSibling says a companion binary is not installed.
var ErrNoSibling = errors.New("not found next to this binary, in $CLAUDE_PLUGIN_ROOT/bin or on PATH")

// Sibling finds a companion binary of the running one: beside it (the
// plugin's bin/ or the stable copy in the private state), in the
// plugin's bin/, then on PATH. name is the program's name without the
// .exe that Windows adds.
func (e IO) Sibling(name string) (string, error) {
	var dirs []string
	if self, err := os.Executable(); err == nil {
		dirs = append(dirs, filepath.Dir(self))
		if real, err := filepath.EvalSymlinks(self); err == nil {
			dirs = append(dirs, filepath.Dir(real))
		}
	}
	if e.Getenv != nil {
		if root := e.Getenv("CLAUDE_PLUGIN_ROOT"); root != "" {
			dirs = append(dirs, filepath.Join(root, "bin"))
		}
	}
	for _, d := range dirs {
		p := filepath.Join(d, Exe(name))
		if st, err := os.Stat(p); err == nil && Executable(st) {
			return p, nil
		}
	}
	if e.Look != nil {
		if p, err := e.Look(name); err == nil {
			return p, nil
		}
	}
	return "", ErrNoSibling
}
