// Package premodelswitch is the PreModelSwitch hook: before Claude Code
// switches the session to another model, it says what re-caching the
// context on that model costs, when the context is large and the prompt
// cache warm (a switch forfeits the warm cache: the next request re-sends
// the whole context uncached and writes it to the new model's cache).
//
// Claude Code 2.1.332 shows a PreModelSwitch hook's systemMessage with its
// own line on the switch ("Model set to …"), before the new model's first
// request; the hook never blocks or asks, so a switch always goes ahead.
// Small contexts and cold caches pass without a word: there is nothing
// warm to lose.
package premodelswitch

import (
	"fmt"
	"math"
	"strings"

	"github.com/session-intelligence/session-intelligence/shared/cc/hookio"
	"github.com/session-intelligence/session-intelligence/shared/cc/pricing"
	"github.com/session-intelligence/session-intelligence/shared/core/config"
	"github.com/session-intelligence/session-intelligence/shared/core/humanize"
	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
)

// Handle is the PreModelSwitch handler.
func Handle(rt *hookio.Runtime, in *hookio.Input) (hookio.Result, error) {
	s := FromInput(in)
	d := Decide(s, rt.Config.Switch, pricing.Default().WithOverrides(rt.Config.Statusline.Prices))
	meta := map[string]any{"from": s.From, "to": s.To, "tokens": s.Tokens, "warm": s.Warm, "source": in.Source,
		"ccUSD": s.ClaudeUSD, "ccPricing": s.ClaudePricing, "why": d.Why}
	switch {
	case d.Bad:
		rt.Log.Warnf(meta, "model switch: payload not usable, nothing shown")
	case d.Line == "":
		rt.Log.Debugf(meta, "model switch: quiet")
	default:
		meta["usd"] = d.USD
		rt.Log.Infof(meta, "model switch: re-cache cost shown")
	}
	return hookio.Result{Notice: d.Line}, nil
}

// Switch is what the decision needs from the payload.
type Switch struct {
	From, To      string
	Tokens        int64  // context_tokens: what the next request re-sends
	Warm          bool   // prompt_cache_warm
	TTL           string // cache_ttl: 5m or 1h
	ClaudeUSD     float64
	ClaudePricing string // configured, catalog or default
}

// FromInput takes the switch's fields from a decoded payload.
func FromInput(in *hookio.Input) Switch {
	return Switch{From: in.FromModel, To: in.ToModel, Tokens: in.ContextToken, Warm: in.PromptCacheWarm,
		TTL: in.CacheTTL, ClaudeUSD: in.EstimatedUSD, ClaudePricing: in.Pricing}
}

// Decision is what the user sees ("" for nothing) and why.
type Decision struct {
	Line string
	USD  float64
	Why  string // for the log
	Bad  bool   // the payload itself was unusable (logged as a warning)
}

// maxContext bounds a plausible context: ten times the largest window.
const maxContext = 10_000_000

// maxModelName is how much of a model id the line quotes.
const maxModelName = 80

// Decide judges one switch against the configuration and prices.
func Decide(s Switch, cfg config.Switch, prices pricing.Table) Decision {
	switch {
	case !cfg.Warn:
		return Decision{Why: "modelSwitch.warn is off"}
	case s.Tokens < 0 || s.Tokens > maxContext:
		return Decision{Why: fmt.Sprintf("context_tokens %d out of range", s.Tokens), Bad: true}
	case strings.TrimSpace(s.To) == "":
		return Decision{Why: "no to_model", Bad: true}
	case !s.Warm:
		return Decision{Why: "cache cold: nothing to lose"}
	case s.Tokens == 0 || s.Tokens < cfg.MinTokens:
		return Decision{Why: fmt.Sprintf("context %d below modelSwitch.minTokens %d", s.Tokens, cfg.MinTokens)}
	}
	c := recache(s, prices)
	if c.usd < 0.01 {
		return Decision{Why: "re-cache under a cent"}
	}
	to := modelName(s.To)
	line := fmt.Sprintf("session-intelligence: switching to %s re-sends the %s-token context uncached: re-cache %s%s (%s)",
		to, humanize.Tokens(s.Tokens), c.mark, humanize.USD(c.usd), c.basis)
	return Decision{Line: line, USD: c.usd, Why: c.basis}
}

// cost is a priced re-cache: its figure, "~" when estimated, and what it
// is based on.
type cost struct {
	usd         float64
	mark, basis string
}

// recache prices writing the context to the new model's cache. The
// plugin's prices (list prices with the user's statusline.prices) come
// first, as in every other figure it shows; Claude Code's own estimate
// stands in where it knows better: a price the organisation configured,
// or a model the plugin has no price for that Claude Code lists. A model
// neither knows is priced at its family's rate and marked "~".
func recache(s Switch, prices pricing.Table) cost {
	write := "5m cache write"
	u := pricing.Usage{CacheWrite: s.Tokens}
	if s.TTL == "1h" {
		write, u = "1h cache write", pricing.Usage{CacheWrite1: s.Tokens}
	}
	ccOK := s.ClaudeUSD > 0 && s.ClaudeUSD < 1e6 && !math.IsNaN(s.ClaudeUSD)
	if ccOK && s.ClaudePricing == "configured" {
		return cost{usd: s.ClaudeUSD, basis: "your organisation's configured price, " + write}
	}
	p, known := prices.Lookup(s.To)
	switch {
	case known:
		return cost{usd: p.Cost(u), basis: "list price, " + write}
	case ccOK && s.ClaudePricing == "catalog":
		return cost{usd: s.ClaudeUSD, basis: "Claude Code's list price, " + write}
	}
	return cost{usd: p.Cost(u), mark: "~", basis: "no list price for " + modelName(s.To) + ": estimated, " + write}
}

// modelName is a model id fit to quote on one line.
func modelName(id string) string {
	id = termtext.Line(strings.TrimSpace(id))
	if r := []rune(id); len(r) > maxModelName {
		return string(r[:maxModelName-1]) + "…"
	}
	return id
}
