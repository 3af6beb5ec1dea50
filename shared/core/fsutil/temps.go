package fsutil

import (
	"os"
	"path/filepath"
	"strings"
	"time"
)

// StaleTemp is the age past which a temporary file of [WriteAtomic] is
// taken to be left over by a writer that was killed between write and
// rename. A live writer holds its temp for milliseconds, so ten minutes
// never catches one that is still at work.
const StaleTemp = 10 * time.Minute

// tempPrefix is the start of every temporary name made for path; the
// rest of the name is the random decimal os.CreateTemp puts for "*".
func tempPrefix(path string) string { return "." + filepath.Base(path) + ".tmp" }

// RemoveStaleTemps deletes the temporary files of path (".<name>.tmp<digits>"
// beside it) that are older than [StaleTemp]. It reads the directory's
// names once and stats only those that match, and it is best effort:
// a temp it cannot remove is simply left for the next write. Only
// regular files of this user are removed, so a shared directory's
// other users keep theirs.
func RemoveStaleTemps(path string) {
	dir, prefix := filepath.Dir(path), tempPrefix(path)
	f, err := os.Open(dir)
	if err != nil {
		return
	}
	names, _ := f.Readdirnames(-1)
	_ = f.Close()
	cutoff := time.Now().Add(-StaleTemp)
	for _, name := range names {
		if !isTempName(name, prefix) {
			continue
		}
		p := filepath.Join(dir, name)
		fi, err := os.Lstat(p)
		if err != nil || !fi.Mode().IsRegular() || !fi.ModTime().Before(cutoff) || OwnedByOther(fi) {
			continue
		}
		_ = os.Remove(p)
	}
}

// isTempName reports whether name is prefix followed by digits only, the
// shape os.CreateTemp gives; a user's ".x.tmp-notes" is not ours.
func isTempName(name, prefix string) bool {
	rest, ok := strings.CutPrefix(name, prefix)
	if !ok || rest == "" {
		return false
	}
	for _, c := range rest {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
