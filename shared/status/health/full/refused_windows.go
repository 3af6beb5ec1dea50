package full

import (
	"errors"

	"golang.org/x/sys/windows"
)

// refused reports a connection the host refused. Windows Sockets answer
// WSAECONNREFUSED, which is not the syscall.ECONNREFUSED Go defines for
// Windows, so matching that alone showed a refusal as "network".
func refused(err error) bool { return errors.Is(err, windows.WSAECONNREFUSED) }
