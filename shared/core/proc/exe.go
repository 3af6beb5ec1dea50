package proc

import (
	"io/fs"
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
