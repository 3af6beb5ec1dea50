package pressure

import (
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/cc/autocompact"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/intel/zones"
)

// plainCache is Cache without its MarshalJSON.
type plainCache Cache

func TestMarshalJSONWritesWhatTheTagsSay(t *testing.T) {
	for _, c := range []Cache{
		{},
		{Claude: autocompact.Config{Windows: []any{nil, 1.0}, Stamp: "x"},
			Zones: zones.Cached{Stamp: "none", Cwd: "/p", Learned: zones.Learned{Set: zones.Set{Yellow: 1, Source: "default"}}}},
	} {
		got, err := c.MarshalJSON()
		want, werr := jsonx.Marshal(plainCache(c))
		if err != nil || werr != nil || string(got) != string(want) {
			t.Errorf("MarshalJSON(%+v) = %s, %v; want %s, %v", c, got, err, want, werr)
		}
	}
}
