// Package clienv is the outside world of one command-line run, injected
// so that tests drive the commands in-process, and the lookup of the
// sibling binaries that heavy subcommands live in.
package clienv

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// Env is what a command may touch.
type Env struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	Getenv func(string) string
	Now    func() time.Time
	Cwd    string                       // working directory; "" = the process's
	Look   func(string) (string, error) // exec.LookPath; nil = not searched
	// Previewed, when set, hears of each change a command showed as a
	// diff without writing it (the file's path): /si's YES flow.
	Previewed func(path string)
}

// OS is the real process environment.
func OS() Env {
	cwd, _ := os.Getwd()
	return Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv, Now: time.Now, Cwd: cwd, Look: exec.LookPath}
}

// ErrNoSibling says a companion binary is not installed.
var ErrNoSibling = errors.New("not found next to this binary, in $CLAUDE_PLUGIN_ROOT/bin or on PATH")

// Sibling finds a companion binary of the running one: beside it (the
// plugin's bin/ or the stable copy in CLAUDE_PLUGIN_DATA), in the
// plugin's bin/, then on PATH.
func (e Env) Sibling(name string) (string, error) {
	var dirs []string
	if self, err := os.Executable(); err == nil {
		dirs = append(dirs, filepath.Dir(self))
		if real, err := filepath.EvalSymlinks(self); err == nil {
			dirs = append(dirs, filepath.Dir(real))
		}
	}
	if root := e.Getenv("CLAUDE_PLUGIN_ROOT"); root != "" {
		dirs = append(dirs, filepath.Join(root, "bin"))
	}
	for _, d := range dirs {
		p := filepath.Join(d, name)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
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
