package history

import "github.com/session-intelligence/session-intelligence/shared/core/jsonx"

// MarshalJSON writes the entry as its json tags say, without the codec
// goccy/go-json would compile for it first: PreCompact writes one entry
// per run, and the compilation cost more than the writing (see
// [jsonx.Object]).
func (e Entry) MarshalJSON() ([]byte, error) {
	var o jsonx.Object
	o.Int("t", e.T)
	o.Str("sid", e.SID)
	o.Str("cwd", e.Cwd)
	o.Int("tokens", e.Tokens)
	o.Float("cost", e.Cost)
	if e.Trigger != "" {
		o.Str("trigger", e.Trigger)
	}
	if e.Window != 0 {
		o.Int("window", e.Window)
	}
	if e.Point != 0 {
		o.Int("point", e.Point)
	}
	if e.Source != "" {
		o.Str("source", e.Source)
	}
	o.Strings("hotDirs", e.HotDirs)
	if len(e.WarmDirs) > 0 {
		o.Strings("warmDirs", e.WarmDirs)
	}
	o.Strings("droppedDirs", e.DroppedDirs)
	o.Bool("hadShift", e.HadShift)
	e.marshalRegret(&o)
	if e.Retention != nil {
		r, err := e.Retention.MarshalJSON()
		o.Raw("retention", r, err)
	}
	return o.Bytes()
}

// marshalRegret writes the members the regret window fills.
func (e Entry) marshalRegret(o *jsonx.Object) {
	o.Float("regretCount", e.RegretCount)
	if e.RegretHits != 0 {
		o.Int("regretHits", int64(e.RegretHits))
	}
	if len(e.RegretDirs) > 0 {
		o.Strings("regretDirs", e.RegretDirs)
	}
	if e.SoftRegretCount != 0 {
		o.Float("softRegretCount", e.SoftRegretCount)
	}
	if e.SoftRegretHits != 0 {
		o.Int("softRegretHits", int64(e.SoftRegretHits))
	}
	if len(e.SoftRegretDirs) > 0 {
		o.Strings("softRegretDirs", e.SoftRegretDirs)
	}
	if e.PositiveHits != 0 {
		o.Int("positiveHits", int64(e.PositiveHits))
	}
	if e.PositiveWeight != 0 {
		o.Float("positiveWeight", e.PositiveWeight)
	}
	if e.ContinuationQuality != nil {
		o.Float("continuationQuality", *e.ContinuationQuality)
	}
	if e.WindowClosed {
		o.Bool("windowClosed", true)
	}
}

// MarshalJSON writes the retention as its json tags say.
func (r Retention) MarshalJSON() ([]byte, error) {
	var o jsonx.Object
	o.Int("words", int64(r.Words))
	o.Int("verbatim", int64(r.Verbatim))
	o.Int("substance", int64(r.Substance))
	o.Int("restored", int64(r.Restored))
	o.Int("inFlight", int64(r.InFlight))
	o.Int("named", int64(r.Named))
	o.Int("preserve", int64(r.Preserve))
	o.Int("kept", int64(r.Kept))
	if r.Unchecked {
		o.Bool("unchecked", true)
	}
	return o.Bytes()
}
