package session

import (
	"math"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
	"github.com/session-intelligence/session-intelligence/shared/intel/pressure"
	"github.com/session-intelligence/session-intelligence/shared/intel/zones"
)

// plainState is State without its MarshalJSON.
type plainState State

func TestMarshalJSONWritesWhatTheTagsSay(t *testing.T) {
	full := State{Calls: 1, Estimate: 2, Tokens: 3, TokenSource: "transcript", Zone: "orange", ZoneTokens: 4,
		ZoneSent: 5, ZoneEpoch: 6, Advisories: 7, ShapeLines: 8, Archived: 9, NoLagWait: true,
		Pressure:  pressure.Cache{Zones: zones.Cached{Stamp: "s", Learned: zones.Learned{CostP75: 0.5}}},
		Announced: "1/2", Cwd: "/p \"q\"", Updated: 1796456707}
	for _, s := range []State{{}, full} {
		got, err := jsonx.Marshal(s)
		want, werr := jsonx.Marshal(plainState(s))
		if err != nil || werr != nil || string(got) != string(want) {
			t.Errorf("Marshal(%+v) = %s, %v; want %s, %v", s, got, err, want, werr)
		}
	}
	bad := full
	bad.Pressure.Zones.Learned.CostP75 = math.NaN()
	if _, err := jsonx.Marshal(bad); err == nil {
		t.Error("Marshal of a NaN cost: no error")
	}
}
