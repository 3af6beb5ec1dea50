package proc

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// Exe is the file name of the program called name on this platform:
// name.exe on Windows, where a program is found and started by that
// suffix, name elsewhere.
func Exe(name string) string { return ExeFor(runtime.GOOS, name) }

// ExeFor is [Exe] for the platform goos, for a release folder that holds
// the binaries of every platform.
func ExeFor(goos, name string) string {
	if goos == "windows" && !strings.EqualFold(filepath.Ext(name), ".exe") {
		return name + ".exe"
	}
	return name
}

// Executable reports whether fi describes a program this platform can
// start: a regular file with an execute bit, or on Windows, whose file
// modes carry no execute bits (the .exe name decides), any regular file.
func Executable(fi fs.FileInfo) bool { return executableOn(runtime.GOOS, fi.Mode()) }

func executableOn(goos string, m fs.FileMode) bool {
	return m.IsRegular() && (goos == "windows" || m&0o111 != 0)
}

// InPath reports whether a program by one of names (file names, as
// [Exe] gives them) is in a directory of the PATH value path, other than
// those under skip ("" skips none): for a PATH not this process's own,
// or to leave out a directory that only Claude Code's tools see.
func InPath(path, skip string, names ...string) bool {
	for _, dir := range filepath.SplitList(path) {
		if dir == "" || (skip != "" && under(resolved(dir), resolved(skip))) {
			continue
		}
		for _, name := range names {
			if fi, err := os.Stat(filepath.Join(dir, name)); err == nil && Executable(fi) {
				return true
			}
		}
	}
	return false
}

// resolved is p with its symbolic links resolved, when they resolve.
func resolved(p string) string {
	if real, err := filepath.EvalSymlinks(p); err == nil {
		return real
	}
	return filepath.Clean(p)
}

// under reports whether path is dir or below it.
func under(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
