package line

import "github.com/session-intelligence/session-intelligence/shared/core/humanize"

// compactAt is where Claude Code will compact the session by itself:
// the zones' point (the one the hooks warn against), else the point
// computed with them; ok is false when auto-compaction is off or the
// point is unknown.
func (r *redraw) compactAt() (int64, bool) {
	switch {
	case r.point.Off:
		return 0, false
	case r.zones.Compact > 0:
		return r.zones.Compact, true
	}
	return r.point.Threshold, r.point.Threshold > 0
}

// compactNote says where auto-compaction stands at reading c: the tokens
// left before it, "auto-compact due" once the context has reached the
// point (Claude Code compacts before the next request), the point itself
// while the context size is unknown, or "auto-compact off"; "" when
// nothing is known. An estimated context makes an estimated distance.
func (r *redraw) compactNote(c tokenReading) string {
	if r.point.Off {
		return "auto-compact off"
	}
	at, ok := r.compactAt()
	switch {
	case !ok:
		return ""
	case !c.ok:
		return "auto-compact at " + humanize.Tokens(at)
	case c.tokens >= at:
		return "auto-compact due"
	}
	left := humanize.Tokens(at - c.tokens)
	if c.estimated {
		left = "~" + left
	}
	return left + " to auto-compact"
}

// fieldAutoCompact is the compaction note on its own, for layouts that
// want it apart from the bar; zone-coloured like tokens while the
// context size is known and auto-compaction is on.
func fieldAutoCompact(r *redraw) cell {
	c := r.context()
	note := r.compactNote(c)
	if note == "" {
		return cell{}
	}
	style := ""
	if c.ok && !r.point.Off {
		style = zoneStyles[r.zones.Of(c.tokens)]
	}
	return cell{text: note, style: style}
}
