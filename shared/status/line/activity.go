package line

import (
	"fmt"
	"time"

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

// sessionCost prefers Claude Code's own figure to the transcript's.
func (r *redraw) sessionCost() (float64, bool) {
	if c := r.in.Cost; c != nil && c.TotalCostUSD != nil {
		return *c.TotalCostUSD, true
	}
	if s := r.transcriptStats(); s != nil {
		return s.Cost(r.prices), true
	}
	return 0, false
}

func fieldCost(r *redraw) cell {
	cost, ok := r.sessionCost()
	if !ok || cost <= 0 {
		return cell{}
	}
	text := humanize.USD(cost)
	if r.in.Cost == nil || r.in.Cost.TotalCostUSD == nil {
		if s := r.transcriptStats(); s != nil && len(s.Unpriced(r.prices)) > 0 {
			text = "~" + text // a model without a list price, priced at its family's rate
		}
	}
	return cell{text: text}
}

// costPair renders "c$cost / s$saved", each part only when it matters.
func costPair(cost, saved float64) string {
	var parts []string
	if cost >= 0.01 {
		parts = append(parts, "c"+humanize.Cents(cost))
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
	cost, _ := r.sessionCost()
	saved := 0.0
	if s := r.transcriptStats(); s != nil {
		saved = s.Saved(r.prices)
	}
	return cell{text: costPair(cost, saved)}
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
	return cell{text: costPair(s.CostSinceCompact(r.prices), saved)}
}

func truncateRunes(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}
