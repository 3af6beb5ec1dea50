// Package refdata finds the reference material that lives beside the
// checkout (../shared: recorded Claude Code payloads and transcripts, and
// a corpus of real sessions), for tests that compare against it. Tests
// that need it skip when it is not there.
package refdata

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Dir returns the reference folder joined with elem, or skips the test
// when it cannot be found. $SI_REFERENCE_DIR overrides the location.
func Dir(t testing.TB, elem ...string) string {
	t.Helper()
	base := os.Getenv("SI_REFERENCE_DIR")
	if base == "" {
		_, file, _, _ := runtime.Caller(0)
		base = filepath.Join(filepath.Dir(file), "..", "..", "..", "shared")
	}
	dir := filepath.Join(append([]string{base}, elem...)...)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		t.Skipf("reference material not found at %s (set SI_REFERENCE_DIR)", dir)
	}
	return dir
}
