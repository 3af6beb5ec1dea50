package main

import (
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/session-intelligence/session-intelligence/shared/testkit/scripttest"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"si-pre-model-switch": main})
}

// TestScripts runs testdata/*.txtar against si-pre-model-switch.
func TestScripts(t *testing.T) { testscript.Run(t, scripttest.Params()) }
