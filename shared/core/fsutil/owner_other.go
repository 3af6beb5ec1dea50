//go:build !unix

package fsutil

import "io/fs"

// PermBits is false on Windows: there a file's mode holds only the
// read-only attribute (Go shows every directory as 0777 and every
// writable file as 0666), so a mode can neither be checked for privacy
// nor made private. Privacy comes from the ACL that the user's profile
// directory, where all state lives, hands down to what is made in it.
const PermBits = false

// Owner reports no owner. Windows file ownership is an ACL matter that a
// uid comparison cannot express, and the check it backs (state planted
// by another user) has no hole to close there: other users cannot create
// files in the profile directory at all.
func Owner(fs.FileInfo) (uid int, ok bool) { return 0, false }

// OwnedByOther is always false where files carry no uid.
func OwnedByOther(fs.FileInfo) bool { return false }
