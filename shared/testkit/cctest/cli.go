// Package cctest runs the real, pinned Claude Code CLI in tests: it finds
// or installs the binary, builds a scratch HOME and environment that never
// touch the developer's own, runs `claude -p` and drives the interactive
// TUI in tmux. Pair it with a fakeapi server through [StartFake].
package cctest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/core/lock"
)

// Version is the Claude Code version the tests pin.
const Version = "2.1.332"

// pkg is the npm package spec that installs [Version].
const pkg = "@anthropic-ai/claude-code@" + Version

// installTimeout bounds the npm install and the wait for another
// process's install.
const installTimeout = 10 * time.Minute

// install caches the outcome of the lookup for the test binary.
var install struct {
	once sync.Once
	path string
	err  error
}

// CLI returns the path of the pinned claude binary: $SI_CLAUDE_BIN, else
// the cache install, installing it with npm on first use. When the binary
// cannot be obtained it fails the test under CI=true and skips it
// otherwise.
func CLI(t testing.TB) string {
	t.Helper()
	install.once.Do(func() { install.path, install.err = findOrInstall() })
	if install.err != nil {
		unavailable(t, "claude code %s unavailable: %v", Version, install.err)
	}
	return install.path
}

// unavailable skips the test, or fails it when running under CI.
func unavailable(t testing.TB, format string, args ...any) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf(format, args...)
	}
	t.Skipf(format, args...)
}

// findOrInstall returns the binary named by SI_CLAUDE_BIN or the cached
// install, installing it when missing.
func findOrInstall() (string, error) {
	if bin := os.Getenv("SI_CLAUDE_BIN"); bin != "" {
		return bin, checkVersion(bin)
	}
	dir, err := installDir()
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "node_modules", ".bin", "claude")
	if checkVersion(bin) == nil {
		return bin, nil
	}
	if err := installLocked(dir); err != nil {
		return "", err
	}
	return bin, checkVersion(bin)
}

// installDir returns ${XDG_CACHE_HOME:-$HOME/.cache}/session-intelligence/claude-code-<Version>.
func installDir() (string, error) {
	cache := os.Getenv("XDG_CACHE_HOME")
	if cache == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("find cache dir: %w", err)
		}
		cache = filepath.Join(home, ".cache")
	}
	return filepath.Join(cache, "session-intelligence", "claude-code-"+Version), nil
}

// checkVersion runs `bin --version` with a scratch HOME and checks that it
// reports [Version].
func checkVersion(bin string) error {
	home, err := os.MkdirTemp("", "cctest-version-")
	if err != nil {
		return fmt.Errorf("check version: %w", err)
	}
	defer os.RemoveAll(home)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--version")
	cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "DISABLE_AUTOUPDATER=1"}
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("run %s --version: %w", bin, err)
	}
	if !strings.HasPrefix(strings.TrimSpace(string(out)), Version) {
		return fmt.Errorf("%s --version = %q, want %s", bin, strings.TrimSpace(string(out)), Version)
	}
	return nil
}

// installLocked installs the package into dir while holding a lock file
// beside it, so parallel test binaries install once. The install goes to
// a temporary directory that is renamed into place when complete.
func installLocked(dir string) error {
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return fmt.Errorf("install claude code: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), installTimeout)
	defer cancel()
	unlock, err := lock.Acquire(ctx, dir+".lock")
	if err != nil {
		return fmt.Errorf("install claude code: %w", err)
	}
	defer func() { _ = unlock() }()
	if checkVersion(filepath.Join(dir, "node_modules", ".bin", "claude")) == nil {
		return nil // another process installed it while we waited
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), filepath.Base(dir)+".tmp-")
	if err != nil {
		return fmt.Errorf("install claude code: %w", err)
	}
	defer os.RemoveAll(tmp)
	if err := npmInstall(tmp); err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fmt.Errorf("install claude code: %w", err)
	}
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("install claude code: %w", err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		return fmt.Errorf("install claude code: %w", err)
	}
	return nil
}

// npmInstall runs npm install of the pinned package in dir.
func npmInstall(dir string) error {
	npm, err := exec.LookPath("npm")
	if err != nil {
		return fmt.Errorf("install claude code: npm not found: %w", err)
	}
	manifest := []byte(`{"name":"cctest-claude-code","private":true}` + "\n")
	if err := os.WriteFile(filepath.Join(dir, "package.json"), manifest, 0o644); err != nil {
		return fmt.Errorf("install claude code: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), installTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, npm, "install", "--no-audit", "--no-fund", pkg)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("npm install %s: %w\n%s", pkg, err, out)
	}
	return nil
}
