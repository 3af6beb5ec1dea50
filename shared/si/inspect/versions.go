package inspect

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// companions are the binaries that live beside the hooks in the plugin's
// bin/ (or the settings-mode copy) and answer --version.
var companions = []string{"si", "si-relay", "si-ail", "si-refresh", "ai", "ai-sync"}

// versionTimeout bounds one `BIN --version`.
const versionTimeout = 2 * time.Second

// BinaryVersion is one installed binary and what it said its version is.
type BinaryVersion struct {
	Path    string
	Version string // "" when it could not say (missing, too old, failed)
}

// Versions asks every installed binary for its version: the hooks'
// binaries, the status line's stable copy, and the companions beside the
// hooks. self is the version of the running si.
func Versions(f Facts, self string) []BinaryVersion {
	paths := installedBinaries(f)
	out := make([]BinaryVersion, 0, len(paths))
	for _, p := range paths {
		out = append(out, BinaryVersion{Path: p, Version: askVersion(p)})
	}
	if exe, err := os.Executable(); err == nil {
		out = append(out, BinaryVersion{Path: exe + " (this si)", Version: self})
	}
	return out
}

// installedBinaries lists each binary once, in a stable order.
func installedBinaries(f Facts) []string {
	var paths, dirs []string
	for _, h := range f.Hooks {
		if h.Binary != "" {
			paths = append(paths, h.Binary)
			dirs = append(dirs, filepath.Dir(h.Binary))
		}
	}
	if f.Wiring.Binary != "" {
		paths = append(paths, f.Wiring.Binary)
	}
	for _, d := range slices.Compact(slices.Sorted(slices.Values(dirs))) {
		for _, name := range companions {
			if p := filepath.Join(d, name); executable(p) {
				paths = append(paths, p)
			}
		}
	}
	slices.Sort(paths)
	return slices.Compact(paths)
}

// askVersion runs `path --version` and returns the version it printed
// ("name version"), "" when it could not say.
func askVersion(path string) string {
	if !executable(path) {
		return ""
	}
	ctx, cancel := context.WithTimeout(context.Background(), versionTimeout)
	defer cancel()
	out, err := exec.CommandContext(ctx, path, "--version").Output()
	fields := strings.Fields(string(out))
	if err != nil || len(fields) != 2 {
		return ""
	}
	return fields[1]
}

// CheckVersions is the doctor's line about the versions: every binary
// named with its version, and a warning when they differ (a half-done
// upgrade: the status line's or /si's stable copy left behind) or one
// cannot say.
func CheckVersions(vs []BinaryVersion) Check {
	c := Check{Name: "versions"}
	seen := map[string]bool{}
	var parts, unknown []string
	for _, v := range vs {
		if v.Version == "" {
			unknown = append(unknown, v.Path)
			continue
		}
		seen[v.Version] = true
		parts = append(parts, fmt.Sprintf("%s %s", filepath.Base(strings.TrimSuffix(v.Path, " (this si)")), v.Version))
	}
	switch {
	case len(vs) == 0:
		c.Verdict, c.Detail = Warn, "no installed binary found"
	case len(seen) > 1:
		c.Verdict, c.Detail = Warn, "the installed binaries differ: "+strings.Join(parts, ", ")
		c.Fix = "start a new session (SessionStart refreshes the stable copies) or rerun ./install.sh"
	case len(unknown) > 0:
		c.Verdict, c.Detail = Warn, "no version from "+strings.Join(unknown, ", ")
		c.Fix = "rerun ./install.sh (a binary older than --version support, or a broken one)"
	default:
		c.Detail = fmt.Sprintf("%d binaries, all %s", len(vs), onlyKey(seen))
	}
	return c
}

// onlyKey is the key of a map of one entry.
func onlyKey(m map[string]bool) string {
	for k := range m {
		return k
	}
	return ""
}
