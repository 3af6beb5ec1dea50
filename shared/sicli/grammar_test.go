package sicli

import (
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/alecthomas/kong"

	"github.com/session-intelligence/session-intelligence/shared/narrowcli"
)

// TestNarrowGrammarParsesAsTheWhole: a si command line the narrow
// grammar accepts selects the same command with the same values as the
// whole grammar; help, errors and no command are left to the whole one.
func TestNarrowGrammarParsesAsTheWhole(t *testing.T) {
	root := reflect.TypeFor[CLI]()
	for _, line := range []string{
		"get compact.threshold", "set compact.threshold 75 --yes", "show", "status", "doctor",
		"explain compact", "reset * --yes", "config --apply x=1", "slash --session s -- set a b",
		"ail pack -f x.md", "relay status", "usage --json sicli.go", "refresh git /tmp",
	} {
		args := strings.Fields(line)
		narrow := narrowcli.Parse(root, "si", args)
		if narrow == nil {
			t.Errorf("%q: the narrow grammar did not take it", line)
			continue
		}
		var cli CLI
		parser, err := kong.New(&cli, kong.Name("si"), kong.Writers(io.Discard, io.Discard))
		if err != nil {
			t.Fatal(err)
		}
		whole, err := parser.Parse(args)
		if err != nil {
			t.Fatalf("%q: the whole grammar refused it: %v", line, err)
		}
		if narrow.Command() != whole.Command() {
			t.Errorf("%q: narrow runs %q, whole %q", line, narrow.Command(), whole.Command())
		}
		got, want := narrow.Selected().Target.Interface(), whole.Selected().Target.Interface()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q: narrow parse gave\n%#v\nwhole gave\n%#v", line, got, want)
		}
	}
	for _, line := range []string{"", "--help", "get --help", "get", "nope", "set a", "get a --nope"} {
		if narrowcli.Parse(root, "si", strings.Fields(line)) != nil {
			t.Errorf("%q: the narrow grammar took it", line)
		}
	}
}
