package main

import (
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/session-intelligence/session-intelligence/shared/testkit/scripttest"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"si-user-prompt-submit": main})
}

// TestScripts runs testdata/*.txtar against si-user-prompt-submit: stdin
// JSON in; stdout, exit code, the session record and the log out.
func TestScripts(t *testing.T) { testscript.Run(t, scripttest.Params()) }
