//go:build !linux

package lock

// Holder names the process that holds the lock on path; only Linux
// says (see holder_linux.go), elsewhere it is "".
func Holder(path string) string { return "" }
