package cli

import (
	"reflect"
	"strings"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/narrowcli"
)

// TestNarrowGrammarParsesAsTheWhole: a si command line the narrow
// grammar accepts selects the same command with the same values as the
// whole grammar; help, errors and no command are left to the whole one.
func TestNarrowGrammarParsesAsTheWhole(t *testing.T) {
	root := reflect.TypeFor[CLI]()
	for _, line := range []string{
		"get compact.threshold", "set compact.threshold 75 --yes", "show", "status", "doctor",
		"explain compact", "reset * --yes", "config --apply x=1", "slash --session s -- set a b",
		"ail pack -f x.md", "relay status", "usage --json cli.go", "refresh git /tmp", "help", "help relay",
	} {
		if err := narrowcli.Same(root, "si", strings.Fields(line)); err != nil {
			t.Error(err)
		}
	}
	for _, line := range []string{"", "--help", "get --help", "get", "nope", "set a", "get a --nope"} {
		if narrowcli.Parse(root, "si", strings.Fields(line)) != nil {
			t.Errorf("%q: the narrow grammar took it", line)
		}
	}
}
