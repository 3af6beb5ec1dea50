package shape

import (
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// plainEntry is Entry without its MarshalJSON.
type plainEntry Entry

func TestMarshalJSONWritesWhatTheTagsSay(t *testing.T) {
	root, file := "src/<a>", "src/a/\"b\".go"
	for _, e := range []Entry{
		{},
		{T: 1, Tok: 2, Tool: "Read", Root: &root, File: &file, Event: "commit", Est: true},
		{Tool: "Bash", Root: &root},
	} {
		got, err := e.MarshalJSON()
		want, werr := jsonx.Marshal(plainEntry(e))
		if err != nil || werr != nil || string(got) != string(want) {
			t.Errorf("MarshalJSON(%+v) = %s, %v; want %s, %v", e, got, err, want, werr)
		}
	}
}
