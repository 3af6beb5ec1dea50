// Package refdata finds the checkout and the reference material that
// lives beside it (../shared: recorded Claude Code payloads and
// transcripts, and a corpus of real sessions), for tests that compare
// against it. Tests that need the material skip when it is not there.
package refdata

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// RepoRoot is the checkout's top folder (the one holding go.mod), found
// from this source file, so a test finds it wherever its package sits.
func RepoRoot(t testing.TB) string {
	t.Helper()
	root, ok := repoRoot()
	if !ok {
		t.Fatal("refdata: no go.mod above " + thisDir())
	}
	return root
}

// Find returns the reference folder joined with elem and whether it
// exists. $SI_REFERENCE_DIR overrides the location.
func Find(elem ...string) (string, bool) {
	base := os.Getenv("SI_REFERENCE_DIR")
	if base == "" {
		root, ok := repoRoot()
		if !ok {
			return "", false
		}
		base = filepath.Join(filepath.Dir(root), "shared")
	}
	dir := filepath.Join(append([]string{base}, elem...)...)
	fi, err := os.Stat(dir)
	return dir, err == nil && fi.IsDir()
}

// Dir is [Find], skipping the test when the folder is not there.
func Dir(t testing.TB, elem ...string) string {
	t.Helper()
	dir, ok := Find(elem...)
	if !ok {
		t.Skipf("reference material not found at %s (set SI_REFERENCE_DIR)", dir)
	}
	return dir
}

func thisDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(file)
}

func repoRoot() (string, bool) {
	for dir := thisDir(); ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, true
		}
		if filepath.Dir(dir) == dir {
			return "", false
		}
	}
}
