package main

import (
	"os"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"si": main})
}

// TestScripts runs testdata/*.txtar against the si binary.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata",
		Setup: func(e *testscript.Env) error {
			e.Setenv("HOME", e.WorkDir+"/home")
			e.Setenv("STATE", e.WorkDir+"/home/.claude/session-intelligence")
			return os.MkdirAll(e.WorkDir+"/home", 0o755)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// subst replaces $WORK in files with the work directory.
			"subst": func(ts *testscript.TestScript, neg bool, args []string) {
				for _, name := range args {
					data, err := os.ReadFile(ts.MkAbs(name))
					ts.Check(err)
					ts.Check(os.WriteFile(ts.MkAbs(name), []byte(strings.ReplaceAll(string(data), "$WORK", ts.Getenv("WORK"))), 0o644))
				}
			},
		},
	})
}
