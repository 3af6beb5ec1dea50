package line

import (
	"fmt"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/autocompact"
	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
	"github.com/session-intelligence/session-intelligence/shared/intel/zones"
)

// tokenReading is the context size and where it came from.
type tokenReading struct {
	tokens    int64
	estimated bool
	ok        bool
}

// context finds the context size: Claude Code's stdin first (current
// Claude Code sends it; null before the first reply and after /compact),
// then the transcript, then the PostToolUse estimate (shown with ~).
func (r *redraw) context() tokenReading {
	return once(r, "context", func() tokenReading {
		src := r.cfg.TokenSource
		if src == "auto" || src == "" {
			if c := r.in.Context; c != nil && c.CurrentUsage != nil {
				u := c.CurrentUsage
				return tokenReading{tokens: int64(u.Input + u.CacheCreation + u.CacheRead), ok: true}
			}
		}
		if src != "estimate" {
			if s := r.transcriptStats(); s != nil {
				if tok, ok := s.ContextTokens(); ok {
					return tokenReading{tokens: tok, ok: true}
				}
			}
		}
		if st := r.sessionState(); st.Estimate > 0 && src != "transcript" {
			return tokenReading{tokens: st.Estimate, estimated: true, ok: true}
		}
		return tokenReading{}
	})
}

// capacity is the context window: Claude Code's own figure, else the
// configured statusline.contextCap, else 1M when the transcript showed a
// response past 200k, else the model's known window (the same rules the
// compaction point uses), else 200k.
func (r *redraw) capacity() int64 {
	if w := r.windowSize(); w > 0 {
		return w
	}
	if r.cfg.ContextCap > 0 {
		return r.cfg.ContextCap
	}
	if r.point.WindowFrom == autocompact.FromUsage {
		return r.point.Window
	}
	if w, ok := autocompact.WindowOf(r.in.Model.ID); ok {
		return w
	}
	return autocompact.Window200k
}

// maxWindow bounds a context_window_size worth believing: Claude Code's
// windows are 200k and 1M, and package autocompact ignores anything
// outside [autocompact.MinWindow, maxWindow] the same way, so that the
// bar and the compaction point never disagree about the window.
const maxWindow = 100_000_000

// windowSize is the context window Claude Code sent, 0 when it did not
// or sent a figure no window has (0, negative, tiny or absurd).
func (r *redraw) windowSize() int64 {
	if c := r.in.Context; c != nil && c.WindowSize != nil && *c.WindowSize >= autocompact.MinWindow && *c.WindowSize <= maxWindow {
		return int64(*c.WindowSize)
	}
	return 0
}

// modelID is the session's model as Claude Code named it.
func (r *redraw) modelID() string { return r.in.Model.ID }

// projectDir is the project Claude Code runs in.
func (r *redraw) projectDir() string {
	if r.in.Workspace.ProjectDir != "" {
		return r.in.Workspace.ProjectDir
	}
	return r.cwd
}

var zoneStyles = map[zones.Zone]string{zones.Green: green, zones.Yellow: yellow, zones.Orange: orange, zones.Red: red}

// fieldTokens is the bar, used/window and what matters most about it:
// the distance to auto-compaction when the point is known (the share of
// the window overstates the room left: at 150k of 200k the session is
// 75 % full but 17k from compacting), else the share. With auto-
// compaction off the window is the only limit, so the share stays
// beside the note. A layout with its own autoCompact field gets the
// share here instead.
func fieldTokens(r *redraw) cell {
	c := r.context()
	capacity := r.capacity()
	bar := tokenBar(c, capacity, min(max(r.cfg.MaxBarSegments, 8), 40))
	if !c.ok {
		return cell{text: bar + " –/" + humanize.Tokens(capacity)}
	}
	used := humanize.Tokens(c.tokens)
	if c.estimated {
		used = "~" + used
	}
	text := bar + " " + used + "/" + humanize.Tokens(capacity)
	share := fmt.Sprintf(" (%d%%)", windowShare(c.tokens, capacity))
	note := ""
	if !r.shows("autoCompact") {
		note = r.compactNote(c)
	}
	switch {
	case note == "":
		text += share
	case r.point.Off:
		text += share + " · " + note
	default:
		text += " · " + note
	}
	return cell{text: text, style: zoneStyles[r.zones.Of(c.tokens)]}
}

// tokenBar fills width segments in proportion to the window used.
func tokenBar(c tokenReading, capacity int64, width int) string {
	filled := 0
	if c.ok && capacity > 0 {
		filled = min(width, int(float64(c.tokens)/float64(capacity)*float64(width)+0.5))
	}
	return strings.Repeat("▰", filled) + strings.Repeat("▱", width-filled)
}

// windowShare is the percentage of the window used, rounded.
func windowShare(tokens, capacity int64) int {
	if capacity <= 0 {
		return 0
	}
	return int(float64(tokens)/float64(capacity)*100 + 0.5)
}

// fieldContextPct stays the share of the context window, the figure
// Claude Code itself reports as context_window.used_percentage; the
// distance to auto-compaction is autoCompact's.
func fieldContextPct(r *redraw) cell {
	c := r.context()
	if !c.ok {
		return cell{}
	}
	pct := windowShare(c.tokens, r.capacity())
	prefix := "ctx:"
	if c.estimated {
		prefix = "ctx:~"
	}
	return cell{text: fmt.Sprintf("%s%d%%", prefix, pct), style: zoneStyles[r.zones.Of(c.tokens)]}
}

func fieldZone(r *redraw) cell {
	c := r.context()
	if !c.ok {
		return cell{}
	}
	z := r.zones.Of(c.tokens)
	return cell{text: z.String(), style: zoneStyles[z]}
}
