//go:build !unix

package detach

import (
	"errors"
	"fmt"
)

// ErrUnsupported is returned on platforms without sessions.
var ErrUnsupported = errors.New("detached processes are not supported on this platform")

// Start always fails on this platform: the status line then simply shows
// no networked fields.
func Start(exe string, args []string, env []string) error {
	return fmt.Errorf("detach %s: %w", exe, ErrUnsupported)
}
