//go:build !unix

package fsutil

import "io/fs"

// Owner reports no owner: Windows file ownership is an ACL matter that
// a uid comparison cannot express.
func Owner(fs.FileInfo) (uid int, ok bool) { return 0, false }

// OwnedByOther is always false where files carry no uid.
func OwnedByOther(fs.FileInfo) bool { return false }
