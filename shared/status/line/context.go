package line

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

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

var (
	oneMillion  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\[1m\]|-1m\b|\b1m\b|1000k`) })
	largeFamily = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(opus|sonnet)[\s-]*([4-9]|\d{2,})`) })
)

// capacity is the context window: Claude Code's own figure, else the
// configured statusline.contextCap, else a guess from the model id.
func (r *redraw) capacity() int64 {
	if c := r.in.Context; c != nil && c.WindowSize != nil && *c.WindowSize > 0 {
		return int64(*c.WindowSize)
	}
	if r.cfg.ContextCap > 0 {
		return r.cfg.ContextCap
	}
	id := strings.ToLower(r.in.Model.ID + " " + r.in.Model.DisplayName)
	if oneMillion().MatchString(id) || largeFamily().MatchString(id) {
		return 1_000_000
	}
	return 200_000
}

var zoneStyles = map[zones.Zone]string{zones.Green: green, zones.Yellow: yellow, zones.Orange: orange, zones.Red: red}

func fieldTokens(r *redraw) cell {
	c := r.context()
	capacity := r.capacity()
	width := min(max(r.cfg.MaxBarSegments, 8), 40)
	filled := 0
	if c.ok && capacity > 0 {
		filled = min(width, int(float64(c.tokens)/float64(capacity)*float64(width)+0.5))
	}
	bar := strings.Repeat("▰", filled) + strings.Repeat("▱", width-filled)
	if !c.ok {
		return cell{text: bar + " –/" + humanize.Tokens(capacity)}
	}
	used := humanize.Tokens(c.tokens)
	if c.estimated {
		used = "~" + used
	}
	pct := int(float64(c.tokens)/float64(capacity)*100 + 0.5)
	return cell{text: fmt.Sprintf("%s %s/%s (%d%%)", bar, used, humanize.Tokens(capacity), pct), style: zoneStyles[r.zones.Of(c.tokens)]}
}

func fieldContextPct(r *redraw) cell {
	c := r.context()
	if !c.ok {
		return cell{}
	}
	pct := int(float64(c.tokens)/float64(r.capacity())*100 + 0.5)
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
