// Package onpath puts the si and ai commands on the user's PATH, in
// ~/.local/bin (or a directory the user names), as symbolic links to
// the stable copies in the private state (wiring.StableDir), which
// outlive plugin upgrades and uninstalls; where a link cannot be made
// the command is copied instead. What it put there is recorded in
// <state>/onpath.json with enough to recognise it again (the link's
// target, or the copy's hash), so that only our own entries are ever
// updated or removed: an si of someone else's is left alone and
// reported.
package onpath

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// Names are the commands put on PATH.
var Names = []string{"si", "ai"}

// DefaultDir is where the commands go unless the user names another
// directory: ~/.local/bin, on PATH in most distributions' default
// profiles (and named by the XDG base directory specification).
func DefaultDir(home string) string { return filepath.Join(home, ".local", "bin") }

// Kind says how an entry was made.
type Kind string

// The kinds of entry.
const (
	Link Kind = "link" // a symbolic link to the stable copy
	Copy Kind = "copy" // a copy, where links cannot be made
)

// entry is one command we put on PATH.
type entry struct {
	Path   string `json:"path"`
	Target string `json:"target"` // the stable copy it runs
	Kind   Kind   `json:"kind"`
	Sha    string `json:"sha,omitempty"`  // copies: the hash of what was written
	From   stamp  `json:"from,omitempty"` // copies: the stable copy as it was then
}

// record is <state>/onpath.json.
type record struct {
	Dir        string           `json:"dir"`
	CreatedDir bool             `json:"createdDir,omitempty"`
	Entries    map[string]entry `json:"entries"`
}

func recordPath(d paths.Dirs) string { return filepath.Join(d.State, "onpath.json") }

func load(d paths.Dirs) (record, bool) {
	var r record
	if _, err := fsutil.ReadOwnDecoded(recordPath(d), 64<<10, jsonx.Into(&r)); err != nil {
		return record{}, false // none, or a damaged one moved aside
	}
	return r, true
}

func save(d paths.Dirs, r record) error {
	if len(r.Entries) == 0 && !r.CreatedDir {
		return forget(d)
	}
	data, err := jsonx.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	if err := fsutil.PrivateDir(d.State); err != nil {
		return err
	}
	return fsutil.WriteOwn(recordPath(d), append(data, '\n'), fsutil.Sync)
}

func forget(d paths.Dirs) error {
	if err := os.Remove(recordPath(d)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// ours reports whether the file at e.Path is still the entry we made:
// a link still pointing at the stable copy, or a copy whose bytes hash
// as written.
func ours(e entry) bool {
	fi, err := os.Lstat(e.Path)
	if err != nil {
		return false
	}
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		to, err := os.Readlink(e.Path)
		return err == nil && to == e.Target
	case e.Kind == Copy && fi.Mode().IsRegular():
		sum, err := hashFile(e.Path)
		return err == nil && sum == e.Sha
	}
	return false
}

// describe says what a foreign entry at path is, for the report.
func describe(path string) string {
	fi, err := os.Lstat(path)
	switch {
	case err != nil:
		return err.Error()
	case fi.Mode()&fs.ModeSymlink != 0:
		to, _ := os.Readlink(path)
		return "a link to " + to
	case fi.IsDir():
		return "a directory"
	}
	return "a file"
}

// OnPath reports whether dir is one of the directories of the PATH
// value path.
func OnPath(dir, path string) bool {
	want := clean(dir)
	for _, p := range filepath.SplitList(path) {
		if p != "" && clean(p) == want {
			return true
		}
	}
	return false
}

func clean(p string) string {
	if real, err := filepath.EvalSymlinks(p); err == nil {
		return real
	}
	return filepath.Clean(p)
}

// PathLine is the shell line that puts dir on PATH, written with $HOME
// where it lies under home. On Windows the shell is Git Bash (the
// plugin needs it there), which reads the line with forward slashes and
// a drive as /c: the colon of C: would split the PATH entry in two.
func PathLine(dir, home string) string {
	shown := shellPath(dir)
	if rest, ok := strings.CutPrefix(dir, home+string(filepath.Separator)); ok && home != "" {
		shown = "$HOME/" + filepath.ToSlash(rest)
	}
	return fmt.Sprintf(`export PATH="%s:$PATH"`, shown)
}

// shellPath is p as Git Bash names it: C:\x as /c/x, \\host\share\x
// as //host/share/x; a path without a volume (every path off Windows)
// only changes its separators.
func shellPath(p string) string {
	vol := filepath.VolumeName(p)
	if len(vol) == 2 && vol[1] == ':' {
		return "/" + strings.ToLower(vol[:1]) + filepath.ToSlash(p[2:])
	}
	return filepath.ToSlash(p)
}

// shadow is the first other command called name on path ahead of dir,
// "" when ours comes first.
func shadow(name, dir, path string) string {
	want := clean(dir)
	for _, p := range filepath.SplitList(path) {
		if p == "" {
			continue
		}
		if clean(p) == want {
			return ""
		}
		// On Windows the command is name.exe and has no execute bit.
		cand := filepath.Join(p, proc.Exe(name))
		if fi, err := os.Stat(cand); err == nil && proc.Executable(fi) {
			return cand
		}
	}
	return ""
}

// Recorded reports whether an installer has put (or tried to put) the
// commands on PATH: its record exists, even one the user emptied since.
func Recorded(d paths.Dirs) bool {
	_, err := os.Lstat(recordPath(d))
	return err == nil
}

// Placed lists the commands the record says an installer put on PATH
// that are still there, sorted.
func Placed(d paths.Dirs) []string {
	r, _ := load(d)
	var out []string
	for _, e := range r.Entries {
		if _, err := os.Lstat(e.Path); err == nil {
			out = append(out, e.Path)
		}
	}
	slices.Sort(out)
	return out
}
