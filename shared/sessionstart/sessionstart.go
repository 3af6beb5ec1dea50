// Package sessionstart is the SessionStart hook: at every session start
// it keeps the status line wired (a stable copy of the binary run by
// settings.json's statusLine, chained before the user's previous one).
// It is idempotent and does nothing but two stats and a small read when
// everything is already in place.
package sessionstart

import (
	"os"
	"path/filepath"
	"runtime"

	"github.com/session-intelligence/session-intelligence/shared/hookio"
	"github.com/session-intelligence/session-intelligence/shared/wiring"
)

// Handle is the SessionStart handler.
func Handle(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, error) {
	if rt.Config.Statusline.AutoWire {
		wireStatusLine(rt)
	}
	return hookio.Result{}, nil
}

// wireStatusLine copies the plugin's status line binary to the plugin's
// data directory and points settings.json at it. Failures are logged:
// the session starts regardless.
func wireStatusLine(rt *hookio.Runtime) {
	src := pluginBinary(rt.Getenv("CLAUDE_PLUGIN_ROOT"))
	if src == "" {
		rt.Log.Debugf(nil, "no plugin root; status line left as it is")
		return
	}
	stable := filepath.Join(rt.Dirs.State, "bin")
	if data := rt.Getenv("CLAUDE_PLUGIN_DATA"); data != "" {
		stable = filepath.Join(data, "bin")
	}
	res, err := wiring.Wire(wiring.Options{Dirs: rt.Dirs, Source: src, StableIn: stable})
	switch {
	case err != nil:
		rt.Log.Warnf(nil, "status line not wired: %v", err)
	case res.Changed:
		rt.Log.Infof(map[string]string{"backup": res.Backup}, "status line wired into settings.json")
	case res.Copied:
		rt.Log.Infof(nil, "status line binary updated")
	}
}

// pluginBinary finds the status line binary of the plugin: the native one
// of a release folder (bin/<os>-<arch>/), else bin/ itself.
func pluginBinary(root string) string {
	if root == "" {
		return ""
	}
	for _, p := range []string{
		filepath.Join(root, "bin", runtime.GOOS+"-"+runtime.GOARCH, wiring.BinaryName),
		filepath.Join(root, "bin", wiring.BinaryName),
	} {
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && !isScript(p) {
			return p
		}
	}
	return ""
}

// isScript reports whether p starts with "#!" (the release launcher),
// which must not be copied away from the binaries it launches.
func isScript(p string) bool {
	f, err := os.Open(p)
	if err != nil {
		return true
	}
	defer f.Close()
	head := make([]byte, 2)
	n, _ := f.Read(head)
	return n == 2 && string(head) == "#!"
}
