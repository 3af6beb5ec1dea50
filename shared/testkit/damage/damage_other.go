//go:build !unix

package damage

import "testing"

func mkfifo(t testing.TB, _ string) error {
	t.Skip("no FIFOs on this platform")
	return nil
}

func device(t testing.TB) string {
	t.Skip("no device files to link to on this platform")
	return ""
}
