//go:build unix

package damage

import (
	"syscall"
	"testing"
)

func mkfifo(_ testing.TB, path string) error { return syscall.Mkfifo(path, 0o600) }

func device(testing.TB) string { return "/dev/zero" }
