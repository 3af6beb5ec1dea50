package main

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/session-intelligence/session-intelligence/shared/ai/cli"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/relay"
	"github.com/session-intelligence/session-intelligence/shared/testkit/scripttest"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"si-stop":  main,
		"si-relay": func() { os.Exit(relay.Main(os.Args[1:], proc.OS())) },
		"ai":       func() { os.Exit(cli.Main(os.Args[1:], cli.OS())) },
	})
}

// TestScripts runs testdata/*.txtar against si-stop (and si-relay, the
// module's decision process, to show the Stop hook standing down; ai, to
// make projects and agents).
func TestScripts(t *testing.T) { testscript.Run(t, scripttest.Params()) }
