package main

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/session-intelligence/session-intelligence/shared/ai/cli"
	"github.com/session-intelligence/session-intelligence/shared/testkit/scripttest"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"si-session-start": main,
		"ai":               func() { os.Exit(cli.Main(os.Args[1:], cli.OS())) },
	})
}

// TestScripts runs testdata/*.txtar against si-session-start.
func TestScripts(t *testing.T) { testscript.Run(t, scripttest.Params()) }
