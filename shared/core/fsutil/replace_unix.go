//go:build unix

package fsutil

import "os"

// Replace renames from to to, replacing what is there atomically.
func Replace(from, to string) error { return os.Rename(from, to) }

// busy is false: unix never refuses a rename because a file is open.
func busy(error) bool { return false }
