package zones

import (
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// The types without their MarshalJSON: what goccy/go-json writes for
// their fields.
type (
	plainSet     Set
	plainLearned Learned
	plainCached  Cached
)

func TestMarshalJSONWritesWhatTheTagsSay(t *testing.T) {
	full := Set{Yellow: 1, Orange: 2, Red: 3, Adaptive: true, Samples: 4, CostTightened: true,
		Source: FromLearned, Compact: 5, User: []string{"red"}, Moved: []string{"orange", "<&>"}}
	tests := []struct {
		name      string
		got, want func() ([]byte, error)
	}{
		{"empty set", Set{}.MarshalJSON, func() ([]byte, error) { return jsonx.Marshal(plainSet{}) }},
		{"full set", full.MarshalJSON, func() ([]byte, error) { return jsonx.Marshal(plainSet(full)) }},
		{"empty user lists", Set{User: []string{}}.MarshalJSON, func() ([]byte, error) { return jsonx.Marshal(plainSet{User: []string{}}) }},
		{"learned", Learned{Set: full, CostP75: 12.25, Lo: 7}.MarshalJSON,
			func() ([]byte, error) { return jsonx.Marshal(plainLearned{Set: full, CostP75: 12.25, Lo: 7}) }},
		{"empty cached", Cached{}.MarshalJSON, func() ([]byte, error) { return jsonx.Marshal(plainCached{}) }},
		{"cached", Cached{Stamp: "s\n", Cwd: "/p", Point: 9, User: "1/2/3", Learned: Learned{Set: full}}.MarshalJSON,
			func() ([]byte, error) {
				return jsonx.Marshal(plainCached{Stamp: "s\n", Cwd: "/p", Point: 9, User: "1/2/3", Learned: Learned{Set: full}})
			}},
	}
	for _, tc := range tests {
		got, err := tc.got()
		want, werr := tc.want()
		if err != nil || werr != nil || string(got) != string(want) {
			t.Errorf("%s: MarshalJSON() = %s, %v; want %s, %v", tc.name, got, err, want, werr)
		}
	}
}
