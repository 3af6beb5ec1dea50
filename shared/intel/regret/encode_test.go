package regret

import (
	"math"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// The types without their MarshalJSON: what goccy/go-json writes for
// their fields.
type (
	plainSnapshot Snapshot
	plainHit      Hit
)

func TestMarshalJSONWritesWhatTheTagsSay(t *testing.T) {
	h := Hit{T: 1, Root: "src/<a>", Tool: "Read", Weight: 0.7}
	for _, s := range []Snapshot{
		{},
		{T: 1, SID: "s", Tokens: 2, HotDirs: []string{"a"}, WarmDirs: []string{}, DroppedDirs: []string{"b", "c"}, CallsSince: 3,
			Regret: []Hit{h, {}}, Soft: []Hit{}, Positive: []Hit{h}},
	} {
		got, err := s.MarshalJSON()
		want, werr := jsonx.Marshal(plainSnapshot(s))
		if err != nil || werr != nil || string(got) != string(want) {
			t.Errorf("MarshalJSON(%+v) = %s, %v; want %s, %v", s, got, err, want, werr)
		}
	}
	got, err := h.MarshalJSON()
	want, werr := jsonx.Marshal(plainHit(h))
	if err != nil || werr != nil || string(got) != string(want) {
		t.Errorf("Hit.MarshalJSON() = %s, %v; want %s, %v", got, err, want, werr)
	}
	if _, err := (Snapshot{Soft: []Hit{{Weight: math.Inf(1)}}}).MarshalJSON(); err == nil {
		t.Error("MarshalJSON of an infinite weight: no error")
	}
}
