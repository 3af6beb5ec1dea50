package regret

import "github.com/session-intelligence/session-intelligence/shared/core/jsonx"

// MarshalJSON writes the snapshot as its json tags say, without the codec
// goccy/go-json would compile for it first (PreCompact writes it, and
// PostToolUse rewrites it while the window is open; see [jsonx.Object]).
func (s Snapshot) MarshalJSON() ([]byte, error) {
	var o jsonx.Object
	o.Int("t", s.T)
	o.Str("sid", s.SID)
	o.Int("tokens", s.Tokens)
	o.Strings("hotDirs", s.HotDirs)
	o.Strings("warmDirs", s.WarmDirs)
	o.Strings("droppedDirs", s.DroppedDirs)
	o.Int("callsSince", int64(s.CallsSince))
	jsonx.List(&o, "regretHits", s.Regret, Hit.MarshalJSON)
	jsonx.List(&o, "softRegretHits", s.Soft, Hit.MarshalJSON)
	jsonx.List(&o, "positiveHits", s.Positive, Hit.MarshalJSON)
	return o.Bytes()
}

// MarshalJSON writes the hit as its json tags say.
func (h Hit) MarshalJSON() ([]byte, error) {
	var o jsonx.Object
	o.Int("t", h.T)
	o.Str("root", h.Root)
	o.Str("tool", h.Tool)
	o.Float("weight", h.Weight)
	return o.Bytes()
}
