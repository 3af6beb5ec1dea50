package main

import (
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/session-intelligence/session-intelligence/shared/testkit/scripttest"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"si-post-tool-use": main})
}

// TestScripts runs testdata/*.txtar: the binary end to end, stdin JSON in,
// stdout, exit code and written files out.
func TestScripts(t *testing.T) { testscript.Run(t, scripttest.Params()) }
