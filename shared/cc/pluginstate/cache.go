package pluginstate

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// CacheDir is the folder under the cache directory that holds the
// answer of [Active].
const CacheDir = "plugin-state"

// stamp identifies one version of a file without reading it; the zero
// stamp is a missing file.
type stamp struct{ mtime, size int64 }

func stampOf(path string) stamp {
	fi, err := os.Stat(path)
	if err != nil {
		return stamp{}
	}
	return stamp{fi.ModTime().UnixNano(), fi.Size()}
}

// Active reports whether plugin id is installed and enabled, for the
// status line, which asks at every redraw. The answer is cached as one
// file named by a hash of id and the stamps of Claude Code's two files,
// its size the answer (1 byte: active, empty: not), so that while
// neither file changes the question costs three stats and no read. A
// file that cannot be trusted counts as no change (active) and is not
// cached.
func Active(d paths.Dirs, id string) bool {
	inst, set := stampOf(InstalledFile(d.Claude)), stampOf(SettingsFile(d.Claude))
	sum := sha256.Sum256(fmt.Appendf(nil, "%s\x00%d %d\x00%d %d", id, inst.mtime, inst.size, set.mtime, set.size))
	dir := filepath.Join(d.Cache(), CacheDir)
	name := filepath.Join(dir, hex.EncodeToString(sum[:12]))
	if fi, err := os.Lstat(name); err == nil && fi.Mode().IsRegular() {
		return fi.Size() > 0
	}
	st, ok := Read(d.Claude, id)
	if ok {
		// Stamped before the read: a write in between only makes the next
		// call read again.
		remember(dir, name, st.Active())
	}
	return st.Active()
}

// remember replaces the cached answers in dir with one at name; whatever
// else is in dir (an older answer, or something that is no answer at
// all) goes.
func remember(dir, name string, active bool) {
	if fsutil.PrivateTree(filepath.Dir(dir), dir) != nil {
		return
	}
	if old, err := os.ReadDir(dir); err == nil {
		for _, e := range old {
			_ = os.RemoveAll(filepath.Join(dir, e.Name()))
		}
	}
	var data []byte
	if active {
		data = []byte("1")
	}
	_ = fsutil.WriteOwn(name, data, fsutil.NoSync)
}
