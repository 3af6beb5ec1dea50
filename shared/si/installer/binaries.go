package installer

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/fsutil"
	"github.com/session-intelligence/session-intelligence/shared/core/paths"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// maxBinary caps a binary the installer reads.
const maxBinary = fsutil.MaxBinary

// binary is one executable to install.
type binary struct {
	Name, Src, Dst string
	Action         string // "new", "update" or "same"
}

// sourceBinaries lists the plugin's native executables for this
// platform: those of bin/<os>-<arch>/ in a release folder, else the
// programs directly in bin/ (release launchers are scripts and skipped).
func sourceBinaries(pluginDir, goos, goarch string) ([]string, error) {
	bin := filepath.Join(pluginDir, "bin")
	dir := filepath.Join(bin, goos+"-"+goarch)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		dir = bin
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("plugin binaries: %w", err)
	}
	var names []string
	for _, e := range entries {
		if p := paths.PluginBinary(pluginDir, goos, goarch, e.Name()); p != "" && isExecutable(p) {
			names = append(names, e.Name())
		}
	}
	if !slices.Contains(names, proc.ExeFor(goos, "si")) {
		return nil, fmt.Errorf("plugin binaries: no si for %s-%s in %s; build first (scripts/build.sh)", goos, goarch, bin)
	}
	return names, nil
}

// planBinaries compares each source with its installed copy.
func planBinaries(o Options) ([]binary, error) {
	names, err := sourceBinaries(o.From, o.Goos, o.Goarch)
	if err != nil {
		return nil, err
	}
	out := make([]binary, 0, len(names)+1)
	srcs := make([]string, len(names))
	for i, name := range names {
		srcs[i] = paths.PluginBinary(o.From, o.Goos, o.Goarch, name)
	}
	// The hook launcher is a script beside the binaries in every layout,
	// which PluginBinary passes over as a release launcher.
	if launcher := filepath.Join(o.From, "bin", hookio.Launcher); isExecutable(launcher) {
		names, srcs = append(names, hookio.Launcher), append(srcs, launcher)
	}
	for i, name := range names {
		b := binary{Name: name, Src: srcs[i], Dst: filepath.Join(o.BinDir(), name)}
		same, err := sameFile(b.Src, b.Dst)
		switch {
		case err != nil:
			return nil, err
		case same:
			b.Action = "same"
		case exists(b.Dst):
			b.Action = "update"
		default:
			b.Action = "new"
		}
		out = append(out, b)
	}
	return out, nil
}

// copyBinaries writes every binary that is new or changed, atomically
// (a hook running the old copy keeps its inode).
func copyBinaries(bins []binary) error {
	for _, b := range bins {
		if b.Action == "same" {
			continue
		}
		if _, err := fsutil.CopyAtomic(b.Src, b.Dst, 0o700, maxBinary); err != nil {
			return fmt.Errorf("install %s: %w", b.Name, err)
		}
	}
	return nil
}

// sameFile reports whether dst exists with exactly src's bytes.
func sameFile(src, dst string) (bool, error) {
	want, err := fsutil.ReadCapped(src, maxBinary)
	if err != nil {
		return false, fmt.Errorf("plugin binary: %w", err)
	}
	have, err := fsutil.ReadCapped(dst, maxBinary)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("installed binary: %w", err)
	}
	return bytes.Equal(want, have), nil
}

// programNames are the names of bins as usercmd and onpath know them:
// si, not the si.exe file it is on Windows.
func programNames(bins []binary) []string {
	names := make([]string, len(bins))
	for i, b := range bins {
		names[i] = strings.TrimSuffix(b.Name, ".exe")
	}
	return names
}

func isExecutable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && proc.Executable(fi)
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}
