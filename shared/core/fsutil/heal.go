package fsutil

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// A file the plugin owns can be found damaged: something else sits at its
// path (a directory, a FIFO, a device, a link to one, a link loop), it has
// grown past its cap, or its content does not decode. Such a file is never
// a reason to stop: it is moved aside to a dated name beside it (kept for
// `si doctor` and the user to look at), the caller starts afresh, and the
// process reports the move once in its log ([Healed]).

// DamagedMark is what a moved-aside name holds after the original name:
// state.json.damaged-20261204T170000.
const DamagedMark = ".damaged-"

// KeepDamaged is how many moved-aside copies of one name are kept; older
// ones are removed, so a path damaged again and again cannot fill a disk.
const KeepDamaged = 5

// ErrHealed is what the reading helpers return after they moved a damaged
// file aside. It wraps fs.ErrNotExist: a caller that starts afresh on a
// missing file does the same here without knowing about healing.
var ErrHealed = fmt.Errorf("damaged file moved aside: %w", fs.ErrNotExist)

// Heal is one damaged path moved aside.
type Heal struct {
	Path  string // where the damaged file was
	Aside string // where it is now
	Why   string // what was wrong with it
}

// String is the log line's text.
func (h Heal) String() string {
	return fmt.Sprintf("damaged %s (%s) moved aside to %s; started afresh", h.Path, h.Why, filepath.Base(h.Aside))
}

// healed collects the moves of this process until [Healed] takes them.
var healed struct {
	sync.Mutex
	list []Heal
}

// Healed returns the paths moved aside since the last call and forgets
// them; the entry points (hooks, the status line, si) log each once.
func Healed() []Heal {
	healed.Lock()
	defer healed.Unlock()
	out := healed.list
	healed.list = nil
	return out
}

// now is the clock of the dated names; tests replace it.
var now = time.Now

// MoveAside renames the damaged path to <path>.damaged-<UTC time> and
// records the move for [Healed]. judged is what the caller found wrong
// (nil when it was not a regular file at all): when path now holds
// another file (another process healed it first and wrote a fresh one),
// nothing is moved. A path that no longer exists is not an error.
func MoveAside(path string, judged os.FileInfo, why error) (string, error) {
	cur, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("heal %s: %w", path, err)
	}
	if !stillDamaged(path, cur, judged) {
		return "", nil // replaced meanwhile: not the damage that was seen
	}
	aside := freeAsideName(path)
	if err := os.Rename(path, aside); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return "", nil
		}
		return "", fmt.Errorf("heal %s: %w", path, err)
	}
	pruneDamaged(path)
	h := Heal{Path: path, Aside: aside, Why: reason(why)}
	healed.Lock()
	healed.list = append(healed.list, h)
	healed.Unlock()
	return aside, nil
}

// stillDamaged reports whether cur, what path holds now, is the damage
// the caller judged: the same file (through a link, the file it points
// to), unchanged since, or, when judged is nil, anything but a regular
// file.
func stillDamaged(path string, cur, judged os.FileInfo) bool {
	if judged == nil {
		return !cur.Mode().IsRegular()
	}
	if asJudged(judged, cur) {
		return true
	}
	if cur.Mode()&fs.ModeSymlink == 0 {
		return false
	}
	target, err := os.Stat(path)
	return err == nil && asJudged(judged, target)
}

// asJudged reports whether now is the file judged describes, as it was
// then. The size and modification time, read with judged, are what tell
// a file put in its place since on Windows, where os.SameFile reads the
// identity of an Lstat result only when first asked, from whatever the
// path holds by then.
func asJudged(judged, now os.FileInfo) bool {
	return os.SameFile(judged, now) && judged.Size() == now.Size() && judged.ModTime().Equal(now.ModTime())
}

// reason is why in a few words, without the path the log line names.
func reason(why error) string {
	if why == nil {
		return "not a regular file"
	}
	var pe *fs.PathError
	if errors.As(why, &pe) {
		return pe.Err.Error()
	}
	return why.Error()
}

// freeAsideName is the dated name for path, with -2, -3 … when the same
// second already moved one aside.
func freeAsideName(path string) string {
	base := path + DamagedMark + now().UTC().Format("20060102T150405")
	name := base
	for i := 2; i < 100; i++ {
		if _, err := os.Lstat(name); errors.Is(err, fs.ErrNotExist) {
			break
		}
		name = fmt.Sprintf("%s-%d", base, i)
	}
	return name
}

// pruneDamaged removes all but the newest [KeepDamaged] moved-aside
// copies of path. The dated names sort in time order.
func pruneDamaged(path string) {
	dir, prefix := filepath.Dir(path), filepath.Base(path)+DamagedMark
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	var mine []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), prefix) {
			mine = append(mine, e.Name())
		}
	}
	slices.Sort(mine)
	for _, name := range mine[:max(0, len(mine)-KeepDamaged)] {
		_ = os.RemoveAll(filepath.Join(dir, name))
	}
}

// IsDamaged reports whether a name is a moved-aside copy.
func IsDamaged(name string) bool { return strings.Contains(filepath.Base(name), DamagedMark) }

// Damage reports whether err, from opening or reading one of the
// plugin's own files, means the path holds something that is not a
// usable file (not a regular file, a link loop, over its cap), as
// opposed to a missing file or one it may not read.
func Damage(err error) bool {
	return err != nil && (errors.Is(err, ErrNotRegular) || errors.Is(err, ErrTooLarge) || isLoop(err))
}

// FindDamaged lists the moved-aside copies under each root (a directory
// walked to at most limit entries, not into the copies themselves), for
// `si doctor`.
func FindDamaged(limit int, roots ...string) []string {
	var out []string
	seen := 0
	for _, root := range roots {
		_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if seen++; seen > limit {
				return filepath.SkipAll
			}
			if path != root && IsDamaged(d.Name()) {
				out = append(out, path)
				if d.IsDir() {
					return filepath.SkipDir
				}
			}
			return nil
		})
	}
	return out
}
