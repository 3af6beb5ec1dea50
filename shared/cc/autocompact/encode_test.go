package autocompact

import (
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// plainConfig is Config without its MarshalJSON.
type plainConfig Config

func TestMarshalJSONWritesWhatTheTagsSay(t *testing.T) {
	off := false
	for _, c := range []Config{
		{},
		{Stamp: "a;b"},
		{Windows: []any{nil, 200000.0, "1m", map[string]any{"x": true}}, Enabled: &off, Stamp: "-;-"},
		{Windows: []any{}},
	} {
		got, err := c.MarshalJSON()
		want, werr := jsonx.Marshal(plainConfig(c))
		if err != nil || werr != nil || string(got) != string(want) {
			t.Errorf("MarshalJSON(%+v) = %s, %v; want %s, %v", c, got, err, want, werr)
		}
	}
}
