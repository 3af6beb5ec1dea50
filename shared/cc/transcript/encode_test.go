package transcript

import (
	"testing"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/pricing"
	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// The types without their MarshalJSON: what goccy/go-json writes for
// their fields.
type (
	plainCached      cached
	plainStats       Stats
	plainModelUsage  ModelUsage
	plainTurn        Turn
	plainCompact     Compact
	plainResumeState resumeState
)

func TestMarshalJSONWritesWhatTheTagsSay(t *testing.T) {
	u := pricing.Usage{Input: 1, Output: 2, CacheWrite: 3, CacheWrite1: 4, CacheRead: 5}
	at := time.Date(2026, 12, 5, 8, 30, 1, 123456789, time.UTC)
	turn := Turn{ID: "msg_1", Model: "claude-opus-4-6", Usage: u, At: at.In(time.FixedZone("x", 3600)), Offset: 7}
	full := Stats{Offset: 1, First: at, Last: at.Add(time.Hour), Totals: u, Responses: 2,
		Models:       map[string]*ModelUsage{"b": {Usage: u, Responses: 1}, "a<": {Above: u}, "nil": nil},
		SinceCompact: map[string]*ModelUsage{}, Latest: &turn, Peak: 3, Version: "2.1.332",
		Compacts: []Compact{{At: at, Trigger: "auto", PreTokens: 1, PostTokens: 2, Offset: 3}}, CompactCount: 1,
		ToolUses: []string{"toolu_1"}, Thinking: []int64{0, -1, 1 << 40}, SkipLine: true, BadLines: 4, LastBad: 5}
	check := func(name string, got, want func() ([]byte, error)) {
		g, err := got()
		w, werr := want()
		if err != nil || werr != nil || string(g) != string(w) {
			t.Errorf("%s: MarshalJSON() = %s, %v; want %s, %v", name, g, err, w, werr)
		}
	}
	for _, s := range []Stats{{}, full, {Thinking: []int64{}, Compacts: []Compact{}}} {
		check("stats", s.MarshalJSON, func() ([]byte, error) { return jsonx.Marshal(plainStats(s)) })
	}
	m := ModelUsage{Usage: u, Above: u, Responses: 9}
	check("model usage", m.MarshalJSON, func() ([]byte, error) { return jsonx.Marshal(plainModelUsage(m)) })
	check("turn", turn.MarshalJSON, func() ([]byte, error) { return jsonx.Marshal(plainTurn(turn)) })
	c := full.Compacts[0]
	check("compact", c.MarshalJSON, func() ([]byte, error) { return jsonx.Marshal(plainCompact(c)) })
	for _, c := range []cached{{}, {ID: identity{Path: "/t.jsonl", Dev: 1 << 63, Ino: 2, Tail: "ab"}, Stats: &full}} {
		check("cached", c.MarshalJSON, func() ([]byte, error) { return jsonx.Marshal(plainCached(c)) })
	}
	for _, r := range []resumeState{{}, {Recent: []recent{}}, {Recent: []recent{{Key: 1 << 63, Model: "m", Usage: u, Since: true}, {}}}} {
		check("resume", r.MarshalJSON, func() ([]byte, error) { return jsonx.Marshal(plainResumeState(r)) })
	}
}
