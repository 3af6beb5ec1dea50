package history

import (
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// The types without their MarshalJSON: what goccy/go-json writes for
// their fields.
type (
	plainEntry     Entry
	plainRetention Retention
)

func TestMarshalJSONWritesWhatTheTagsSay(t *testing.T) {
	q := 0.75
	full := Entry{T: 1, SID: "s", Cwd: "/p <x>", Tokens: 2, Cost: 3.5, Trigger: "auto", Window: 4, Point: 5, Source: "hook",
		HotDirs: []string{"a"}, WarmDirs: []string{"b"}, DroppedDirs: []string{}, HadShift: true,
		RegretCount: 1.25, RegretHits: 2, RegretDirs: []string{"c"}, SoftRegretCount: 0.5, SoftRegretHits: 1,
		SoftRegretDirs: []string{"d"}, PositiveHits: 3, PositiveWeight: 0.3, ContinuationQuality: &q, WindowClosed: true,
		Retention: &Retention{Words: 1, Verbatim: 2, Substance: 3, Restored: 4, InFlight: 5, Named: 6, Preserve: 7, Kept: 8, Unchecked: true}}
	zeroQ := 0.0
	for _, e := range []Entry{{}, full, {ContinuationQuality: &zeroQ, Retention: &Retention{}}} {
		got, err := e.MarshalJSON()
		want, werr := jsonx.Marshal(plainEntry(e))
		if err != nil || werr != nil || string(got) != string(want) {
			t.Errorf("MarshalJSON(%+v) = %s, %v; want %s, %v", e, got, err, want, werr)
		}
	}
	r := *full.Retention
	got, err := r.MarshalJSON()
	want, werr := jsonx.Marshal(plainRetention(r))
	if err != nil || werr != nil || string(got) != string(want) {
		t.Errorf("Retention.MarshalJSON() = %s, %v; want %s, %v", got, err, want, werr)
	}
}
