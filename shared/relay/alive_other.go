//go:build !unix

package relay

// Alive cannot tell here; a stuck relay is freed by its phase timeout.
func Alive(string) bool { return true }
