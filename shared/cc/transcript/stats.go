package transcript

import (
	"sort"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/pricing"
)

// ModelUsage sums the de-duplicated responses of one model.
type ModelUsage struct {
	Usage     pricing.Usage `json:"usage"`
	Above     pricing.Usage `json:"above"` // per-response parts beyond the long-context threshold
	Responses int           `json:"responses"`
}

// Turn is the latest main-conversation response.
type Turn struct {
	ID     string        `json:"id"`
	Model  string        `json:"model"`
	Usage  pricing.Usage `json:"usage"`
	At     time.Time     `json:"at"`
	Offset int64         `json:"offset"` // byte offset of its line
}

// Compact is one compact_boundary record.
type Compact struct {
	At         time.Time `json:"at"`
	Trigger    string    `json:"trigger"`
	PreTokens  int64     `json:"preTokens"`
	PostTokens int64     `json:"postTokens"`
	Offset     int64     `json:"offset"`
}

// maxCompacts bounds the compact boundaries kept in Stats.
const maxCompacts = 32

// Stats is everything read from a transcript so far.
type Stats struct {
	Offset       int64                  `json:"offset"` // bytes consumed (whole lines only)
	First        time.Time              `json:"first"`  // earliest timestamp seen
	Last         time.Time              `json:"last"`   // latest response timestamp
	Totals       pricing.Usage          `json:"totals"`
	Responses    int                    `json:"responses"`
	Models       map[string]*ModelUsage `json:"models"`
	SinceCompact map[string]*ModelUsage `json:"sinceCompact"` // reset at each boundary
	Latest       *Turn                  `json:"latest,omitempty"`
	Peak         int64                  `json:"peak"`     // the largest context a main-conversation response reported
	Version      string                 `json:"version"`  // Claude Code's version on the latest main-conversation response
	Compacts     []Compact              `json:"compacts"` // the most recent ones
	CompactCount int                    `json:"compactCount"`
	ToolUses     []string               `json:"toolUses"` // ids of the latest tool_use blocks
	Thinking     []int64                `json:"thinking"` // thinking tokens of the latest responses
	SkipLine     bool                   `json:"skipLine"` // Offset is inside an oversized line
	BadLines     int                    `json:"badLines"` // candidate lines that were not JSON objects
	LastBad      int64                  `json:"lastBad"`  // offset of the latest of them
	Behind       bool                   `json:"-"`        // the scan has not reached the end yet
	Tail         *Turn                  `json:"-"`        // context size read from the file's end while Behind
}

// maxThinking is how many recent responses the thinking estimate covers.
const maxThinking = 30

// RecentThinking sums the thinking tokens of the latest responses.
func (s *Stats) RecentThinking() int64 {
	var n int64
	for _, t := range s.Thinking {
		n += t
	}
	return n
}

// maxToolUses bounds Stats.ToolUses.
const maxToolUses = 32

// HasToolUse reports whether the transcript already holds the assistant
// record that requested tool call id. Claude Code writes the transcript
// asynchronously, so a fast hook can run before that record lands.
func (s *Stats) HasToolUse(id string) bool {
	for _, t := range s.ToolUses {
		if t == id {
			return true
		}
	}
	return false
}

func newStats() *Stats {
	return &Stats{Models: map[string]*ModelUsage{}, SinceCompact: map[string]*ModelUsage{}}
}

// LastCompact returns the most recent compaction, if any.
func (s *Stats) LastCompact() (Compact, bool) {
	if len(s.Compacts) == 0 {
		return Compact{}, false
	}
	return s.Compacts[len(s.Compacts)-1], true
}

// ContextTokens is the size of the current context: the prompt of the
// latest main-conversation response, or, when a compaction happened after
// it, the post-compaction size Claude Code recorded. ok is false when the
// transcript holds no usable figure yet.
func (s *Stats) ContextTokens() (tokens int64, ok bool) {
	if s.Behind && s.Tail != nil {
		return s.Tail.Usage.Context(), true
	}
	c, compacted := s.LastCompact()
	if compacted && (s.Latest == nil || c.Offset > s.Latest.Offset) {
		return c.PostTokens, c.PostTokens > 0
	}
	if s.Latest == nil {
		return 0, false
	}
	return s.Latest.Usage.Context(), true
}

// CacheHit is cache_read / (cache_read + cache_creation) of the latest
// response; ok is false when it had no cacheable prefix.
func (s *Stats) CacheHit() (ratio float64, ok bool) {
	if s.Latest == nil {
		return 0, false
	}
	u := s.Latest.Usage
	den := u.CacheRead + u.CacheCreation()
	if den == 0 {
		return 0, false
	}
	return float64(u.CacheRead) / float64(den), true
}

// Cost prices the usage of every model with table.
func (s *Stats) Cost(table pricing.Table) float64 { return cost(s.Models, table) }

// Unpriced lists the models with usage that table has no list price for
// (Cost prices them at their family's rate), sorted.
func (s *Stats) Unpriced(table pricing.Table) []string {
	var out []string
	for _, m := range s.ModelNames() {
		if _, known := table.Lookup(m); !known {
			out = append(out, m)
		}
	}
	return out
}

// CostSinceCompact prices the usage since the latest compaction.
func (s *Stats) CostSinceCompact(table pricing.Table) float64 { return cost(s.SinceCompact, table) }

// Saved is what prompt caching saved over the whole transcript.
func (s *Stats) Saved(table pricing.Table) float64 {
	total := 0.0
	for model, m := range s.Models {
		p, _ := table.Lookup(model)
		total += p.Saved(m.Usage, m.Above)
	}
	return total
}

// ModelNames lists the models used, sorted.
func (s *Stats) ModelNames() []string {
	names := make([]string, 0, len(s.Models))
	for m := range s.Models {
		names = append(names, m)
	}
	sort.Strings(names)
	return names
}

func cost(models map[string]*ModelUsage, table pricing.Table) float64 {
	total := 0.0
	for model, m := range models {
		p, _ := table.Lookup(model)
		total += p.CostSplit(m.Usage, m.Above)
	}
	return total
}
