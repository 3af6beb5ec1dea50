package cctest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

// PluginName is the plugin's name in the marketplace.
const PluginName = "session-intelligence"

// TestBuildTags are the build tags of the binaries the tests run.
const TestBuildTags = "si_testendpoint"

var plugin struct {
	once sync.Once
	dir  string
	err  error
}

// Marketplace builds the plugin once per test process with
// scripts/build.sh into a private copy of the marketplace and returns
// its directory. [Cleanup] removes it; call it from TestMain.
func Marketplace(t testing.TB) string {
	t.Helper()
	plugin.once.Do(func() {
		plugin.dir, plugin.err = buildMarketplace()
	})
	if plugin.err != nil {
		t.Fatalf("build plugin: %v", plugin.err)
	}
	return plugin.dir
}

// PluginDir is the built plugin itself, for --plugin-dir.
func PluginDir(t testing.TB) string {
	return filepath.Join(Marketplace(t), "plugins", PluginName)
}

// Bin is the path of one built binary of the plugin.
func Bin(t testing.TB, name string) string {
	return filepath.Join(PluginDir(t), "bin", name)
}

// Cleanup removes the built marketplace.
func Cleanup() {
	if plugin.dir != "" {
		_ = os.RemoveAll(filepath.Dir(plugin.dir))
	}
}

func buildMarketplace() (string, error) {
	root, err := repoRoot()
	if err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp("", "si-plugin-")
	if err != nil {
		return "", err
	}
	dir := filepath.Join(tmp, "marketplace")
	cmd := exec.Command(filepath.Join(root, "scripts", "build.sh"), "--out", dir)
	// A test build: the quota refresher may then ask a loopback endpoint
	// (see status/quota/endpoint.TestBuild); release builds never do.
	cmd.Env = append(os.Environ(), "SI_BUILD_TAGS="+TestBuildTags)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("scripts/build.sh: %v\n%s", err, out)
	}
	return dir, nil
}

// repoRoot finds the repository (the folder holding go.mod) from this
// source file's location.
func repoRoot() (string, error) {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return "", fmt.Errorf("cannot locate the repository")
	}
	for dir := filepath.Dir(file); filepath.Dir(dir) != dir; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
	}
	return "", fmt.Errorf("no go.mod above %s", file)
}
