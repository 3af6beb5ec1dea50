package main

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/session-intelligence/session-intelligence/shared/ail/cli"
	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/core/proc"
	"github.com/session-intelligence/session-intelligence/shared/event/sessionstart"
	"github.com/session-intelligence/session-intelligence/shared/status/refresh/full"
	"github.com/session-intelligence/session-intelligence/shared/testkit/scripttest"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"si": main,
		// The heavy subcommands' binaries, found on PATH by si's delegation.
		"si-ail":     func() { os.Exit(cli.Main(os.Args[1:], proc.OS())) },
		"si-refresh": func() { os.Exit(full.Main(os.Args[1:], proc.OS())) },
		// The SessionStart hook, whose bootstrap writes the CLAUDE.md
		// blocks that uninstall.txtar takes out again.
		"si-session-start": func() { os.Exit(hookio.Run(hookio.SessionStart, sessionstart.Handle)) },
	})
}

// TestScripts runs testdata/*.txtar against the si binary.
func TestScripts(t *testing.T) { testscript.Run(t, scripttest.Params()) }
