package shape

import (
	"path/filepath"

	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// maxKnown bounds a [Known] set: a replay of a very long transcript stops
// learning paths rather than growing without end.
const maxKnown = 1 << 17

// Known is a set of paths known to exist, for [Env.Known]: a replay adds
// the paths its transcript showed, and every parent of a known path is a
// known directory. The zero value is empty and ready to use.
type Known struct {
	dirs map[string]bool // path → whether it is a directory
}

// Add records that path existed and whether it is a directory. Relative
// and overlong paths are ignored.
func (k *Known) Add(path string, isDir bool) {
	if !paths.Rooted(path) || len(path) > maxPathBytes {
		return
	}
	if k.dirs == nil {
		k.dirs = map[string]bool{}
	}
	path = filepath.Clean(path)
	if len(k.dirs) >= maxKnown {
		return
	}
	k.dirs[path] = k.dirs[path] || isDir
	for d := filepath.Dir(path); d != path; path, d = d, filepath.Dir(d) {
		if k.dirs[d] {
			return // its parents are known already
		}
		k.dirs[d] = true
	}
}

// Lookup reports whether path is known and whether it is a directory; its
// method value is what [Env.Known] takes.
func (k *Known) Lookup(path string) (isDir, ok bool) {
	if k == nil {
		return false, false
	}
	isDir, ok = k.dirs[filepath.Clean(path)]
	return isDir, ok
}

// Len is the number of paths known, directories included.
func (k *Known) Len() int {
	if k == nil {
		return 0
	}
	return len(k.dirs)
}
