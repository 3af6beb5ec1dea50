//go:build windows

package detach

import (
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"syscall"

	"golang.org/x/sys/windows"
)

// Start launches exe with args detached from the caller, and returns
// without waiting for it. env is the complete environment of the child;
// nil inherits the caller's.
//
// The child gets a process group of its own, so the caller's Ctrl+C
// never reaches it, and a console of its own that is never shown
// (CREATE_NO_WINDOW): with DETACHED_PROCESS instead it would have no
// console at all, and every console program it starts in turn (si hands
// work to si-refresh) would open a window. It breaks away from the
// caller's job, so a job that kills its members when it closes does not
// take the child with it; a job that forbids breakaway keeps it, and
// Start retries inside it. Its standard streams are NUL and it runs in
// the root of exe's volume, so it holds no directory open.
func Start(exe string, args []string, env []string) error {
	if !filepath.IsAbs(exe) {
		return fmt.Errorf("detach %s: %w", exe, ErrRelativePath)
	}
	err := start(exe, args, env, windows.CREATE_BREAKAWAY_FROM_JOB)
	if errors.Is(err, windows.ERROR_ACCESS_DENIED) {
		err = start(exe, args, env, 0)
	}
	if err != nil {
		return fmt.Errorf("detach %s: %w", exe, err)
	}
	return nil
}

func start(exe string, args, env []string, flags uint32) error {
	cmd := exec.Command(exe, args...)
	cmd.Env = env
	cmd.Dir = filepath.VolumeName(exe) + `\`
	cmd.SysProcAttr = &syscall.SysProcAttr{HideWindow: true,
		CreationFlags: windows.CREATE_NEW_PROCESS_GROUP | windows.CREATE_NO_WINDOW | flags}
	if err := cmd.Start(); err != nil {
		return err
	}
	// Waiting closes the process handle once the child exits.
	go func() { _ = cmd.Wait() }()
	return nil
}
