// Package scripttest holds what the testscript (txtar) tests of every
// binary share: a scratch HOME and its well-known directories, and the
// custom script commands subst and log.
package scripttest

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/session-intelligence/session-intelligence/shared/core/paths"
)

// Params returns testscript parameters for testdata/*.txtar with HOME
// (and USERPROFILE, where Windows programs find the home), STATE (the
// plugin's private state) and LOGS set inside the work dir.
func Params() testscript.Params {
	return testscript.Params{
		Dir: "testdata",
		Setup: func(e *testscript.Env) error {
			home := filepath.Join(e.WorkDir, "home")
			e.Setenv("HOME", home)
			e.Setenv("USERPROFILE", home)
			e.Setenv("STATE", filepath.Join(home, ".claude", "session-intelligence"))
			e.Setenv("LOGS", filepath.Join(home, ".claude", "logs"))
			return os.MkdirAll(home, 0o755)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){"subst": subst, "log": logHas, "projectdir": projectDir},
	}
}

// subst replaces $WORK in the named files with the script's work
// directory, so payloads can carry absolute paths.
func subst(ts *testscript.TestScript, neg bool, args []string) {
	for _, name := range args {
		path := ts.MkAbs(name)
		data, err := os.ReadFile(path)
		ts.Check(err)
		ts.Check(os.WriteFile(path, []byte(strings.ReplaceAll(string(data), "$WORK", ts.Getenv("WORK"))), 0o644))
	}
}

// logHas checks that the debug log (all days) matches a regexp: log 're'.
func logHas(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: log regexp")
	}
	files, _ := filepath.Glob(filepath.Join(ts.Getenv("LOGS"), "session-intel-*.log"))
	var all strings.Builder
	for _, f := range files {
		data, err := os.ReadFile(f)
		ts.Check(err)
		all.Write(data)
	}
	matched := regexp.MustCompile(args[0]).MatchString(all.String())
	if matched == neg {
		ts.Fatalf("log match for %q is %v; log:\n%s", args[0], matched, all.String())
	}
}

// projectDir sets VAR to Claude Code's project directory for a path:
// projectdir VAR PATH.
func projectDir(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: projectdir VAR PATH")
	}
	ts.Setenv(args[0], filepath.Join(ts.Getenv("HOME"), ".claude", "projects", paths.EncodeProject(args[1])))
}
