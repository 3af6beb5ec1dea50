// Package pricing turns token usage into US dollars with per-model list
// prices. Prices are per million tokens; a 5-minute cache write costs 1.25×
// the input price and a 1-hour write 2× unless a model says otherwise; a
// few models charge more for the part of a request above 200k tokens.
// Unknown models are priced by family (opus, sonnet, haiku) and flagged.
package pricing

import (
	"strings"
)

// Usage is the token usage of one API response.
type Usage struct {
	Input       int64 `json:"input_tokens"`
	Output      int64 `json:"output_tokens"`
	CacheWrite  int64 `json:"cache_creation_5m_tokens"` // 5-minute cache writes
	CacheWrite1 int64 `json:"cache_creation_1h_tokens"` // 1-hour cache writes
	CacheRead   int64 `json:"cache_read_input_tokens"`
}

// CacheCreation is every cache write, both durations.
func (u Usage) CacheCreation() int64 { return u.CacheWrite + u.CacheWrite1 }

// Context is the prompt size of the response: what the model saw.
func (u Usage) Context() int64 { return u.Input + u.CacheCreation() + u.CacheRead }

// Total sums all four kinds of tokens.
func (u Usage) Total() int64 { return u.Context() + u.Output }

// Add returns u + v.
func (u Usage) Add(v Usage) Usage {
	return Usage{u.Input + v.Input, u.Output + v.Output, u.CacheWrite + v.CacheWrite, u.CacheWrite1 + v.CacheWrite1, u.CacheRead + v.CacheRead}
}

// Sub returns u - v.
func (u Usage) Sub(v Usage) Usage {
	return Usage{u.Input - v.Input, u.Output - v.Output, u.CacheWrite - v.CacheWrite, u.CacheWrite1 - v.CacheWrite1, u.CacheRead - v.CacheRead}
}

// TierThreshold is where long-context pricing starts: tokens of one kind
// beyond this many in one request cost the Above price.
const TierThreshold = 200_000

// Price is a model's list price in USD per million tokens.
type Price struct {
	Input, Output, CacheWrite, CacheWrite1, CacheRead float64
	Above                                             *Price // price beyond TierThreshold; nil for a flat price
}

// flat builds the usual price shape from input and output prices.
func flat(in, out float64) Price {
	return Price{Input: in, Output: out, CacheWrite: in * 1.25, CacheWrite1: in * 2, CacheRead: in / 10}
}

// Split returns, per kind, the tokens of u beyond TierThreshold.
func Split(u Usage) (above Usage) {
	over := func(n int64) int64 { return max(0, n-TierThreshold) }
	return Usage{over(u.Input), over(u.Output), over(u.CacheWrite), over(u.CacheWrite1), over(u.CacheRead)}
}

// Cost is the price of one response.
func (p Price) Cost(u Usage) float64 { return p.CostSplit(u, Split(u)) }

// CostSplit prices usage sums whose above-threshold parts were summed
// separately (per response, with [Split]), so that many responses can be
// priced at once.
func (p Price) CostSplit(total, above Usage) float64 {
	if p.Above == nil {
		return p.linear(total)
	}
	return p.linear(total.Sub(above)) + p.Above.linear(above)
}

func (p Price) linear(u Usage) float64 {
	return (float64(u.Input)*p.Input + float64(u.Output)*p.Output + float64(u.CacheWrite)*p.CacheWrite +
		float64(u.CacheWrite1)*p.CacheWrite1 + float64(u.CacheRead)*p.CacheRead) / 1e6
}

// Saved is what cache reads saved compared with paying the input price
// for the same tokens.
func (p Price) Saved(total, above Usage) float64 {
	full := Price{CacheRead: p.Input}
	paid := Price{CacheRead: p.CacheRead}
	if p.Above != nil {
		full.Above = &Price{CacheRead: p.Above.Input}
		paid.Above = &Price{CacheRead: p.Above.CacheRead}
	}
	r, ra := Usage{CacheRead: total.CacheRead}, Usage{CacheRead: above.CacheRead}
	return full.CostSplit(r, ra) - paid.CostSplit(r, ra)
}

// Table maps model families to prices. Keys are model ids without dates.
type Table map[string]Price

// Default returns the list prices of Anthropic's models.
func Default() Table {
	long := flat(6, 22.5)
	sonnet4 := flat(3, 15)
	sonnet4.Above = &long
	haiku3 := Price{Input: 0.25, Output: 1.25, CacheWrite: 0.30, CacheWrite1: 0.50, CacheRead: 0.03}
	return Table{
		"claude-opus-5": flat(5, 25), "claude-opus-4-8": flat(5, 25), "claude-opus-4-7": flat(5, 25),
		"claude-opus-4-6": flat(5, 25), "claude-opus-4-5": flat(5, 25),
		"claude-opus-4-1": flat(15, 75), "claude-opus-4": flat(15, 75), "claude-3-opus": flat(15, 75),
		"claude-sonnet-5": flat(2, 10), "claude-sonnet-4-6": flat(3, 15),
		"claude-sonnet-4-5": sonnet4, "claude-sonnet-4": sonnet4,
		"claude-3-7-sonnet": flat(3, 15), "claude-3-5-sonnet": flat(3, 15),
		"claude-haiku-4-5": flat(1, 5), "claude-3-5-haiku": flat(0.8, 4), "claude-3-haiku": haiku3,
	}
}

// families price models the table does not know, by the family word.
var families = []struct {
	word  string
	price Price
}{{"opus", flat(5, 25)}, {"sonnet", flat(3, 15)}, {"haiku", flat(1, 5)}}

// Lookup returns the price of model and whether the model is known. An
// unknown model gets its family's current price (or opus's) so that costs
// stay plausible, and known=false so reports can say so.
func (t Table) Lookup(model string) (Price, bool) {
	id := Normalize(model)
	best, bestLen := Price{}, 0
	for key, p := range t {
		if len(key) > bestLen && matches(id, key) {
			best, bestLen = p, len(key)
		}
	}
	if bestLen > 0 {
		return best, true
	}
	if p, ok := t["*"]; ok {
		return p, false
	}
	for _, f := range families {
		if strings.Contains(id, f.word) {
			return f.price, false
		}
	}
	return families[0].price, false
}

// matches reports whether id is key or key followed by a suffix that is
// not another version number (a date, "-latest", "-thinking").
func matches(id, key string) bool {
	if !strings.HasPrefix(id, key) {
		return false
	}
	rest := id[len(key):]
	if rest == "" {
		return true
	}
	if rest[0] != '-' {
		return false
	}
	digits := 0
	for digits+1 < len(rest) && rest[digits+1] >= '0' && rest[digits+1] <= '9' {
		digits++
	}
	return digits == 0 || digits >= 6
}

// Normalize strips what providers add around a model id: a region or
// vendor prefix (us.anthropic.), an @date (Vertex), a [1m] tag and a
// -vN:M suffix (Bedrock).
func Normalize(model string) string {
	id := strings.ToLower(strings.TrimSpace(model))
	if i := strings.Index(id, "claude"); i > 0 {
		id = id[i:]
	}
	for _, cut := range []string{"[", "@", ":"} {
		if i := strings.Index(id, cut); i >= 0 {
			id = id[:i]
		}
	}
	if i := strings.LastIndex(id, "-v"); i > 0 && i+2 < len(id) && id[i+2] >= '0' && id[i+2] <= '9' {
		id = id[:i]
	}
	return id
}
