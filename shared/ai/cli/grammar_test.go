package cli

import (
	"reflect"
	"strings"
	"testing"

	"github.com/alecthomas/kong"

	"github.com/session-intelligence/session-intelligence/shared/core/narrowcli"
)

// TestNarrowGrammarParsesAsTheWhole: a command line the narrow grammar
// accepts selects the same command with the same values as the whole
// grammar; lines it cannot take (help, errors, no command) are left to
// the whole grammar.
func TestNarrowGrammarParsesAsTheWhole(t *testing.T) {
	for _, line := range []string{
		`notes add area.sub the claim --title T --confidence likely`,
		`notes add area.sub -`,
		`notes`,
		`notes zoom physics.qm`,
		`notes mv 0c3k physics`,
		`memory note a note`,
		`agent list`,
		`view`,
		`page 17:2`,
		`init`,
	} {
		if err := narrowcli.Same(reflect.TypeFor[CLI](), "ai", strings.Fields(line)); err != nil {
			t.Error(err)
		}
	}
	for _, line := range []string{"", "--help", "notes --help", "notes add -h", "notes add", "notes nope", "nope", "notes add a.b c --nope", "memory"} {
		if parseNarrow(strings.Fields(line)) != nil {
			t.Errorf("%q: the narrow grammar took it", line)
		}
	}
}

// TestEveryCommandNarrows: each top command of ai is found by its name,
// so none pays for the whole grammar when it parses.
func TestEveryCommandNarrows(t *testing.T) {
	var cli CLI
	parser, err := kong.New(&cli, kong.Name("ai"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range parser.Model.Children {
		if narrowGrammar([]string{c.Name}) == nil {
			t.Errorf("command %s has no narrow grammar", c.Name)
		}
	}
	// Below the top too: `ai notes add` builds no other notes command.
	notes := reflect.TypeOf(narrowGrammar([]string{"notes", "add", "a.b", "claim"})).Elem()
	if notes.NumField() != 1 || notes.Field(0).Type.NumField() != 1 || notes.Field(0).Type.Field(0).Type != reflect.TypeFor[NotesAddCmd]() {
		t.Errorf("ai notes add narrows to %v", notes)
	}
}
