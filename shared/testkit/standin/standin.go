// Package standin lets a test binary stand in for another program that
// the code under test runs (claude, macOS's security, the user's
// editor): a real program on every system, where a shell script would
// need sh, which Windows has not. The test copies its own binary under
// the program's name and says what it is to do (the act); the copy, run
// by the code under test, finds the act in its environment and does it
// instead of running the tests.
package standin

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/proc"
)

// actEnv carries the act to the copies.
const actEnv = "SI_STANDIN_ACT"

// Act is the first line of a package's TestMain: in a copy started as a
// stand-in it runs do with the act and exits with what do returns; in
// the test binary itself it returns at once.
func Act(do func(act string) int) {
	if act, ok := os.LookupEnv(actEnv); ok {
		os.Exit(do(act))
	}
}

// Env is the environment entry that makes a copy, started by a stand-in
// itself (a child of the program it stands for), perform act.
func Env(act string) string { return actEnv + "=" + act }

// Install copies the test binary into a new folder as name (name.exe on
// Windows), sets the act that every run of it performs for the rest of
// the test, and returns the copy's path.
func Install(t testing.TB, name, act string) string {
	t.Helper()
	self, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), proc.Exe(name))
	if err := os.WriteFile(path, self, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv(actEnv, act)
	return path
}

// OnPath is Install with the copy's folder put first on PATH; it returns
// that folder.
func OnPath(t testing.TB, name, act string) string {
	t.Helper()
	dir := filepath.Dir(Install(t, name, act))
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	return dir
}
