package handoff

import (
	"bytes"

	"github.com/session-intelligence/session-intelligence/shared/core/jsonx"
)

// MarshalJSON writes the hand-off as its json tags say, without the codec
// goccy/go-json would compile for it first: PreCompact writes one, and
// the compilation cost more than the writing (see [jsonx.Object]).
func (h Handoff) MarshalJSON() ([]byte, error) {
	var o jsonx.Object
	o.Int("t", h.T)
	o.Str("sessionId", h.SessionID)
	o.Str("cwd", h.Cwd)
	if h.Trigger != "" {
		o.Str("trigger", h.Trigger)
	}
	if h.CurrentTask != "" {
		o.Str("currentTask", h.CurrentTask)
	}
	if h.TaskAgeHours != 0 {
		o.Float("currentTaskAgeHours", h.TaskAgeHours)
	}
	for _, l := range []struct {
		k string
		v []string
	}{
		{"keyFiles", h.KeyFiles}, {"nextPriorities", h.NextPriorities}, {"inFlightFiles", h.InFlightFiles},
		{"recentCommits", h.RecentCommits}, {"hotDirs", h.HotDirs}, {"droppedDirs", h.DroppedDirs},
	} {
		if len(l.v) > 0 {
			o.Strings(l.k, l.v)
		}
	}
	return o.Bytes()
}

// indented is h as the file holds it: two spaces a level.
func indented(h Handoff) ([]byte, error) {
	data, err := h.MarshalJSON()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := jsonx.Indent(&b, data, "", "  "); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
