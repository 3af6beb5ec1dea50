package handoff

import (
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/ail"
)

// RenderAIL is [Render] with the recorded state as an AILv1 snapshot
// (compact.format = ailv1). Secrets are redacted by the encoder; a state
// the encoder refuses falls back to the Markdown block, so the resume is
// never lost to the format.
func RenderAIL(h Handoff) string {
	snap, err := encodeAIL(h)
	if err != nil {
		return Render(h)
	}
	return frame("SESSION RESUME in AILv1", snap, Banner(h))
}

// encodeAIL writes the state as @CTX lines and one @NEXT line.
func encodeAIL(h Handoff) (string, error) {
	var lines []ail.Line
	ctx := func(label, v string) {
		if v = strings.Join(strings.Fields(v), " "); v != "" {
			lines = append(lines, ail.Ctx(label+": "+v)...)
		}
	}
	ctx("current task", h.CurrentTask)
	ctx("key files", strings.Join(h.KeyFiles, ", "))
	ctx("uncommitted", strings.Join(h.InFlightFiles, ", "))
	for _, c := range h.RecentCommits {
		ctx("committed", c)
	}
	ctx("active dirs", strings.Join(h.HotDirs, ", "))
	ctx("dropped from context", strings.Join(h.DroppedDirs, ", "))
	if len(h.NextPriorities) > 0 {
		next, err := ail.NextLine(h.NextPriorities...)
		if err != nil {
			return "", err
		}
		lines = append(lines, next)
	}
	text, _, err := ail.Encode(lines, ail.Options{})
	return text, err
}
