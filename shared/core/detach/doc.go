// Package detach starts background helper processes that outlive the
// short-lived process that starts them: the status line uses it to launch
// a cache refresher without waiting for it.
//
// The child runs in a new session (setsid), so it has no controlling
// terminal and is not killed with the caller's process group; its stdin,
// stdout and stderr are /dev/null; its working directory is "/", so it
// pins no mount.
//
// Zombies: rather than a double fork (which in Go needs an intermediate
// exec) or Process.Release (which frees Go's handle but does not reap, so
// a long-lived caller would collect a zombie per child), Start hands the
// child to a goroutine that waits for it. If the caller is still running
// when the child exits, that goroutine reaps it; if the caller exits
// first (the status line's normal case) the child is re-parented to init,
// which reaps it. Either way no zombie remains, and Start itself returns
// as soon as the child has been started.
//
// Windows has no sessions: there the child gets a process group and a
// hidden console of its own and leaves the caller's job (see Start in
// detach_windows.go).
package detach

import "errors"

// ErrRelativePath is returned when exe is not an absolute path: the child
// runs in "/", where a relative path would mean something else.
var ErrRelativePath = errors.New("executable path is not absolute")
