package line

import (
	"fmt"
	"strings"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/pricing"
	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
	"github.com/session-intelligence/session-intelligence/shared/status/quota"
)

// When the cache warning starts. Claude Code redraws the status line the
// moment the cache expires (it schedules a redraw at expires_at), so the
// cold state always shows in time; a countdown can only show on a redraw
// before that (refreshInterval, a message arriving). It starts when a
// fifth of the TTL is left, at least a minute before: on the 5-minute
// TTL the last minute, about what typing a short prompt takes; on the
// 1-hour TTL the last 12 minutes, time to come back to the terminal.
const (
	expiryLeadShare = 0.2
	minExpiryLead   = time.Minute
)

// maxEpochSeconds is the year 5138: a later "epoch seconds" is a unit
// mistake, not a time.
const maxEpochSeconds = 1e11

// latestCache is the latest turn's cache read and cache creation.
func (r *redraw) latestCache() (read, creation int64, ok bool) {
	if c := r.in.Context; c != nil && c.CurrentUsage != nil {
		return int64(c.CurrentUsage.CacheRead), int64(c.CurrentUsage.CacheCreation), true
	}
	if s := r.transcriptStats(); s != nil && s.Latest != nil {
		return s.Latest.Usage.CacheRead, s.Latest.Usage.CacheCreation(), true
	}
	return 0, 0, false
}

// cacheRatio is the hit ratio shown. Claude Code's own figure wins when
// it sends one (cache reads over all input tokens of the session, from
// every request it made, which the transcript cannot fully tell); else
// the latest turn's cache reads over its cacheable prefix. ok is false
// while nothing was cached: the first turn, or caching not observed.
func (r *redraw) cacheRatio() (float64, bool) {
	if pc := r.in.PromptCache; pc != nil {
		if pc.CachingObserved.ok && !pc.CachingObserved.v {
			return 0, false
		}
		if h := pc.HitRatio; h.ok && h.v >= 0 && h.v <= 1 {
			return h.v, true
		}
	}
	read, creation, ok := r.latestCache()
	if !ok || read+creation == 0 {
		return 0, false
	}
	return float64(read) / float64(read+creation), true
}

// cacheWarning is "cold in 2m · re-cache $0.31" while a warm cache is
// about to expire (dim yellow) and "cold · re-cache $0.31" once it has
// (dim red); "" otherwise, and always when caching was never observed
// (nothing to lose) or Claude Code did not say whether it is warm.
func (r *redraw) cacheWarning() (text, style string) {
	pc := r.in.PromptCache
	if pc == nil || !pc.CachingObserved.v || !pc.Warm.ok {
		return "", ""
	}
	left, known := pc.left(r.now)
	switch {
	case !pc.Warm.v || known && left <= 0:
		text, style = "cold", dimRed
	case known && left <= max(minExpiryLead, time.Duration(float64(pc.ttl())*expiryLeadShare)):
		text, style = "cold in "+shortSpan(left), dimYellow
	default:
		return "", ""
	}
	if cost, ok := r.recacheCost(pc); ok {
		text += " · re-cache " + humanize.USD(cost)
	}
	return text, style
}

// left is the time until the cache expires; known is false without an
// expiry (Claude Code sends null once the cache is cold) or with one no
// epoch-seconds clock reaches (milliseconds, say).
func (pc *promptCache) left(now time.Time) (time.Duration, bool) {
	e := pc.ExpiresAt
	if !e.ok || e.v <= 0 || e.v > maxEpochSeconds {
		return 0, false
	}
	return time.Unix(int64(e.v), 0).Sub(now), true
}

// ttl is the cache lifetime in use: an hour for "1h", else 5 minutes.
func (pc *promptCache) ttl() time.Duration {
	if pc.TTL == "1h" {
		return time.Hour
	}
	return 5 * time.Minute
}

// recacheCost is what the next request pays to write the prompt back to
// a cold cache: recache_tokens_if_cold at the model's cache-write price
// for the TTL in use (by default 1.25× the input price for 5 minutes, 2×
// for an hour). Under a cent is not worth saying.
func (r *redraw) recacheCost(pc *promptCache) (float64, bool) {
	n := pc.RecacheIfCold
	if !n.ok || n.v <= 0 || n.v > maxWindow {
		return 0, false
	}
	u := pricing.Usage{CacheWrite: int64(n.v)}
	if pc.TTL == "1h" {
		u = pricing.Usage{CacheWrite1: int64(n.v)}
	}
	p, _ := r.prices.Lookup(r.pricedModel())
	cost := p.Cost(u)
	return cost, cost >= 0.01
}

// pricedModel is the model to price the session at: Claude Code's, else
// the transcript's latest (already read for the zones).
func (r *redraw) pricedModel() string {
	if id := r.in.Model.ID; id != "" {
		return id
	}
	if s := r.transcriptStats(); s != nil && s.Latest != nil {
		return s.Latest.Model
	}
	return ""
}

// shortSpan is a countdown: seconds under a minute, else minutes up.
func shortSpan(d time.Duration) string {
	if d < time.Minute {
		return fmt.Sprintf("%ds", int((d+time.Second-1)/time.Second))
	}
	return quota.FormatReset(d)
}

// fieldCacheHit is the hit ratio, dim green at 70 % and above, dim red
// under 30 %, dim yellow between; with the expiry warning appended (in
// its colour) unless the layout has cacheExpiry of its own.
func fieldCacheHit(r *redraw) cell {
	var parts []string
	style := ""
	if ratio, ok := r.cacheRatio(); ok {
		parts = append(parts, fmt.Sprintf("cache:%d%%", int(ratio*100+0.5)))
		style = dimYellow
		switch {
		case ratio >= 0.7:
			style = dimGreen
		case ratio < 0.3:
			style = dimRed
		}
	}
	if !r.shows("cacheExpiry") {
		if w, ws := r.cacheWarning(); w != "" {
			if len(parts) == 0 {
				w = "cache " + w
			}
			parts, style = append(parts, w), ws
		}
	}
	return cell{text: strings.Join(parts, " · "), style: style}
}

// fieldCacheExpiry is the expiry warning on its own.
func fieldCacheExpiry(r *redraw) cell {
	if w, style := r.cacheWarning(); w != "" {
		return cell{text: "cache " + w, style: style}
	}
	return cell{}
}

func fieldCacheTokens(r *redraw) cell {
	read, creation, ok := r.latestCache()
	if !ok || read+creation == 0 {
		return cell{}
	}
	return cell{text: "prefix:" + humanize.Tokens(read) + "/" + humanize.Tokens(creation)}
}

func fieldCacheSaved(r *redraw) cell {
	s := r.transcriptStats()
	if s == nil {
		return cell{}
	}
	if saved := s.Saved(r.prices); saved >= 0.10 {
		return cell{text: "saved:" + humanize.Cents(saved)}
	}
	return cell{}
}
