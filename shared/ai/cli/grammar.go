package cli

import (
	"reflect"

	"github.com/alecthomas/kong"

	"github.com/session-intelligence/session-intelligence/shared/core/narrowcli"
)

// narrowGrammar is ai's grammar cut down to the commands args name
// (package narrowcli), nil when they name none.
func narrowGrammar(args []string) any { return narrowcli.Grammar(reflect.TypeFor[CLI](), args) }

// parseNarrow parses args with that grammar, silently; nil means the
// whole grammar must parse them.
func parseNarrow(args []string) *kong.Context {
	return narrowcli.Parse(reflect.TypeFor[CLI](), "ai", args)
}
