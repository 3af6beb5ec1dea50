package configedit

import (
	"github.com/aymanbagabas/go-udiff"
)

// Diff renders the change from old to next as a unified diff of the file
// at path, "" when nothing changes. A missing file diffs from /dev/null.
func Diff(path string, old, next []byte) string {
	if string(old) == string(next) {
		return ""
	}
	from := path
	if len(old) == 0 {
		from = "/dev/null"
	}
	return udiff.Unified(from, path, string(old), string(next))
}
