// Package version says which build of session-intelligence is running:
// the version scripts/build.sh stamps into every binary, else what the Go
// toolchain recorded (the module version, or the commit and whether the
// tree was modified). It is the first line of a bug report.
package version

import (
	"fmt"
	"io"
	"path/filepath"
	"runtime/debug"
)

// Stamped is set at link time by scripts/build.sh:
//
//	-ldflags "-X github.com/session-intelligence/session-intelligence/shared/core/version.Stamped=v1.2.3"
var Stamped string

// Flag is the argument every binary answers with its version.
const Flag = "--version"

// String is the running build's version: the stamped one, else the
// module version from the build info, else "vcs-<commit>[-dirty]", else
// "dev".
func String() string {
	if Stamped != "" {
		return Stamped
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "dev"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "-dirty"
			}
		}
	}
	if rev == "" {
		return "dev"
	}
	return "vcs-" + rev[:min(12, len(rev))] + dirty
}

// Asked reports whether args ask for the version (the binary's only
// argument is --version).
func Asked(args []string) bool { return len(args) == 1 && args[0] == Flag }

// Print writes "<binary> <version>" to w and returns the exit code 0.
func Print(w io.Writer, binary string) int {
	fmt.Fprintf(w, "%s %s\n", filepath.Base(binary), String())
	return 0
}
