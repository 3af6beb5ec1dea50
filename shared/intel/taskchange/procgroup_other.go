//go:build !unix

package taskchange

import "os/exec"

// ownGroup leaves cmd as it is: without process groups, cancellation
// kills the child only.
func ownGroup(cmd *exec.Cmd) {}
