package damage

import (
	"errors"
	"syscall"
)

// linkRefused reports a Windows that does not let this user make
// symbolic links (no Developer Mode, no privilege; the Windows lane's
// Wine says the same, scripts/windows/winefix.c).
func linkRefused(err error) bool { return errors.Is(err, syscall.ERROR_PRIVILEGE_NOT_HELD) }
