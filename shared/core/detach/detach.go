//go:build unix

package detach

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"syscall"
)

// Start launches exe with args in a new session, detached from the
// caller, and returns without waiting for it. env is the complete
// environment of the child; nil inherits the caller's.
func Start(exe string, args []string, env []string) error {
	if !filepath.IsAbs(exe) {
		return fmt.Errorf("detach %s: %w", exe, ErrRelativePath)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = env
	cmd.Dir = "/"
	// Nil Stdin, Stdout and Stderr make exec open /dev/null for each, and
	// no copying goroutines are started.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("detach %s: %w", exe, err)
	}
	go func() { _ = cmd.Wait() }()
	return nil
}
