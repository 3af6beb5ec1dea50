//go:build !windows

package full

import (
	"errors"
	"syscall"
)

// refused reports a connection the host refused.
func refused(err error) bool { return errors.Is(err, syscall.ECONNREFUSED) }
