package line

import (
	"fmt"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/sessioncost"
	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
)

const (
	dimGreen  = "\x1b[2;32m"
	dimYellow = "\x1b[2;33m"
	dimRed    = "\x1b[2;31m"
)

func fieldTools(r *redraw) cell {
	if n := r.sessionState().Calls; n > 0 {
		return cell{text: fmt.Sprintf("%d tools", n)}
	}
	return cell{}
}

// fieldSession is the session's wall-clock duration: Claude Code's
// figure (it survives resumes), else since the transcript's first record.
func fieldSession(r *redraw) cell {
	var d time.Duration
	if c := r.in.Cost; c != nil && c.TotalDurationMs != nil && *c.TotalDurationMs > 0 {
		d = time.Duration(*c.TotalDurationMs) * time.Millisecond
	} else if s := r.transcriptStats(); s != nil && !s.First.IsZero() {
		d = r.now.Sub(s.First)
	}
	if d <= 0 {
		return cell{}
	}
	return cell{text: humanize.Duration(d)}
}

func fieldSessionID(r *redraw) cell {
	sid := r.in.SessionID
	if sid == "" {
		return cell{}
	}
	return cell{text: "sid:" + truncateRunes(sid, 8)}
}

func fieldThinking(r *redraw) cell {
	s := r.transcriptStats()
	if s == nil {
		return cell{}
	}
	if n := s.RecentThinking(); n > 0 && n >= r.cfg.ThinkingMinDisplay {
		return cell{text: "think:" + humanize.Tokens(n)}
	}
	return cell{}
}

// sessionCost is the session's cost, main transcript and subagents, as
// every surface of the plugin prices it (package sessioncost); Claude
// Code's own figure only when there is no transcript to read.
func (r *redraw) sessionCost() sessioncost.Figure {
	return once(r, "cost", func() sessioncost.Figure {
		if s := r.transcriptStats(); s != nil {
			return sessioncost.Session(s, r.in.TranscriptPath, r.env.Dirs.Cache(), r.prices)
		}
		if c := r.in.Cost; c != nil && c.TotalCostUSD != nil && *c.TotalCostUSD >= 0 {
			return sessioncost.Figure{USD: *c.TotalCostUSD, Known: true}
		}
		return sessioncost.Figure{}
	})
}

func fieldCost(r *redraw) cell {
	if fig := r.sessionCost(); fig.USD > 0 {
		return cell{text: fig.String()}
	}
	return cell{}
}

// costPair renders "c$cost / s$saved", each part only when it matters;
// the cost as package sessioncost writes it ("c~$25.8" for an estimate).
func costPair(cost sessioncost.Figure, saved float64) string {
	var parts []string
	if cost.USD >= 0.01 {
		parts = append(parts, "c"+cost.String())
	}
	if saved >= 0.10 {
		parts = append(parts, "s"+humanize.Cents(saved))
	}
	switch len(parts) {
	case 2:
		return parts[0] + " / " + parts[1]
	case 1:
		return parts[0]
	}
	return ""
}

func fieldCostSaved(r *redraw) cell {
	saved := 0.0
	if s := r.transcriptStats(); s != nil {
		saved = s.Saved(r.prices)
	}
	return cell{text: costPair(r.sessionCost(), saved)}
}

func fieldTokenFlow(r *redraw) cell {
	s := r.transcriptStats()
	if s == nil || s.Totals.Total() == 0 {
		return cell{}
	}
	t := s.Totals
	return cell{text: fmt.Sprintf("%s ↓%s ↑%s c%s", humanize.TokensTight(t.Total()),
		humanize.TokensTight(t.Input+t.CacheCreation()), humanize.TokensTight(t.Output), humanize.TokensTight(t.CacheRead))}
}

func fieldCompactAge(r *redraw) cell {
	s := r.transcriptStats()
	if s == nil {
		return cell{}
	}
	c, ok := s.LastCompact()
	if !ok || c.At.IsZero() {
		return cell{}
	}
	age := r.now.Sub(c.At)
	style := ""
	if age >= 2*time.Hour {
		style = red
	}
	return cell{text: "compact:" + humanize.Span(age) + " ago", style: style}
}

func fieldCompactCost(r *redraw) cell {
	s := r.transcriptStats()
	if s == nil || s.CompactCount == 0 {
		return cell{}
	}
	saved := 0.0
	for model, m := range s.SinceCompact {
		p, _ := r.prices.Lookup(model)
		saved += p.Saved(m.Usage, m.Above)
	}
	return cell{text: costPair(sessioncost.Price(r.prices, s.SinceCompact), saved)}
}

func truncateRunes(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}
