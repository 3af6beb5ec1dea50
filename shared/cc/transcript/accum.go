package transcript

import (
	"hash/fnv"
	"slices"
	"time"

	"github.com/session-intelligence/session-intelligence/shared/cc/pricing"
)

// window is how many recent responses keep their usage, so that a later
// record of the same response with a larger usage can replace it.
// Claude Code writes a response's records back to back; older responses
// are remembered by hash only.
const window = 64

// recent is a response whose usage may still be replaced.
type recent struct {
	Key   uint64        `json:"k"`
	Model string        `json:"m"`
	Usage pricing.Usage `json:"u"`
	Since bool          `json:"s"` // also counted in SinceCompact
}

// thinkingState follows the response being read for the thinking
// estimate: Claude Code writes one record per content block.
type thinkingState struct {
	key      uint64
	visible  int
	thinking bool
	exact    int64 // output_tokens_details.thinking_tokens, -1 if absent
}

// Accumulator folds records into Stats, de-duplicating responses.
type Accumulator struct {
	think  thinkingState
	Stats  *Stats
	Recent []recent            // newest last, at most window (unbounded when Exact)
	old    []uint64            // sorted keys of responses no longer in Recent
	fresh  map[uint64]struct{} // keys that left Recent since old was loaded
	Exact  bool                // keep every response replaceable (one-shot reports)
}

// NewAccumulator starts from empty stats.
func NewAccumulator() *Accumulator { return &Accumulator{Stats: newStats()} }

func responseKey(id, requestID string) uint64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte(id))
	_, _ = h.Write([]byte{0})
	_, _ = h.Write([]byte(requestID))
	return h.Sum64()
}

// add folds one decoded record found at offset.
func (a *Accumulator) add(rec record, offset int64) {
	s := a.Stats
	at := parseTime(rec.Timestamp)
	if rec.Type == "system" {
		a.compact(rec, at, offset)
		return
	}
	if s.First.IsZero() || (!at.IsZero() && at.Before(s.First)) {
		s.First = at
	}
	if at.After(s.Last) {
		s.Last = at
	}
	u := rec.Message.Usage.usage()
	for _, b := range rec.Message.Content {
		if b.Type == "tool_use" && b.ID != "" {
			s.ToolUses = append(s.ToolUses, b.ID)
		}
	}
	if len(s.ToolUses) > maxToolUses {
		s.ToolUses = slices.Delete(s.ToolUses, 0, len(s.ToolUses)-maxToolUses)
	}
	if !rec.IsSidechain {
		a.noteThinking(rec, u)
		s.Latest = &Turn{ID: rec.Message.ID, Model: rec.Message.Model, Usage: u, At: at, Offset: offset}
		s.Peak = max(s.Peak, u.Context())
		if rec.Version != "" {
			s.Version = rec.Version
		}
	}
	if rec.Message.ID == "" {
		a.count(rec.Message.Model, u, true, +1)
		return
	}
	key := responseKey(rec.Message.ID, rec.RequestID)
	if i := a.findRecent(key); i >= 0 {
		prev := a.Recent[i]
		if u.Total() > prev.Usage.Total() {
			a.count(prev.Model, prev.Usage, prev.Since, -1)
			a.count(rec.Message.Model, u, prev.Since, +1)
			a.Recent[i].Model, a.Recent[i].Usage = rec.Message.Model, u
		}
		return
	}
	if a.seenOld(key) {
		return
	}
	a.count(rec.Message.Model, u, true, +1)
	a.remember(recent{Key: key, Model: rec.Message.Model, Usage: u, Since: true})
}

func (a *Accumulator) compact(rec record, at time.Time, offset int64) {
	s := a.Stats
	c := Compact{At: at, Offset: offset}
	if rec.Compact != nil {
		c.Trigger, c.PreTokens, c.PostTokens = rec.Compact.Trigger, rec.Compact.PreTokens, rec.Compact.PostTokens
	}
	s.Compacts = append(s.Compacts, c)
	if len(s.Compacts) > maxCompacts {
		s.Compacts = slices.Delete(s.Compacts, 0, len(s.Compacts)-maxCompacts)
	}
	s.CompactCount++
	s.SinceCompact = map[string]*ModelUsage{}
	for i := range a.Recent {
		a.Recent[i].Since = false
	}
}

// count adds (sign +1) or removes (sign -1) one response's usage.
func (a *Accumulator) count(model string, u pricing.Usage, since bool, sign int) {
	s := a.Stats
	above := pricing.Split(u)
	apply := func(m map[string]*ModelUsage) {
		mu := m[model]
		if mu == nil {
			mu = &ModelUsage{}
			m[model] = mu
		}
		if sign > 0 {
			mu.Usage, mu.Above = mu.Usage.Add(u), mu.Above.Add(above)
		} else {
			mu.Usage, mu.Above = mu.Usage.Sub(u), mu.Above.Sub(above)
		}
		mu.Responses += sign
	}
	apply(s.Models)
	if since {
		apply(s.SinceCompact)
	}
	if sign > 0 {
		s.Totals = s.Totals.Add(u)
	} else {
		s.Totals = s.Totals.Sub(u)
	}
	s.Responses += sign
}

func (a *Accumulator) findRecent(key uint64) int {
	for i := len(a.Recent) - 1; i >= 0; i-- {
		if a.Recent[i].Key == key {
			return i
		}
	}
	return -1
}

func (a *Accumulator) seenOld(key uint64) bool {
	if _, ok := slices.BinarySearch(a.old, key); ok {
		return true
	}
	_, ok := a.fresh[key]
	return ok
}

func (a *Accumulator) remember(r recent) {
	a.Recent = append(a.Recent, r)
	if !a.Exact && len(a.Recent) > window {
		if a.fresh == nil {
			a.fresh = map[uint64]struct{}{}
		}
		a.fresh[a.Recent[0].Key] = struct{}{}
		a.Recent = a.Recent[1:]
	}
}

// keys returns every remembered key that left the window, sorted.
func (a *Accumulator) keys() []uint64 {
	if len(a.fresh) == 0 {
		return a.old
	}
	merged := make([]uint64, 0, len(a.old)+len(a.fresh))
	merged = append(merged, a.old...)
	for k := range a.fresh {
		merged = append(merged, k)
	}
	slices.Sort(merged)
	return slices.Compact(merged)
}

// noteThinking updates the thinking estimate of the latest responses:
// Claude Code's own thinking_tokens when it reports them, otherwise the
// output tokens left after the visible text and tool input (¼ token per
// character) of a response that had a thinking block.
func (a *Accumulator) noteThinking(rec record, u pricing.Usage) {
	key := responseKey(rec.Message.ID, rec.RequestID)
	s := a.Stats
	if key != a.think.key || len(s.Thinking) == 0 {
		a.think = thinkingState{key: key, exact: -1}
		s.Thinking = append(s.Thinking, 0)
		if len(s.Thinking) > maxThinking {
			s.Thinking = slices.Delete(s.Thinking, 0, len(s.Thinking)-maxThinking)
		}
	}
	for _, b := range rec.Message.Content {
		a.think.visible += b.visible()
		a.think.thinking = a.think.thinking || b.Type == "thinking" || b.Type == "redacted_thinking"
	}
	if d := rec.Message.Usage.Details; d != nil && d.Thinking != nil {
		a.think.exact = *d.Thinking
	}
	est := int64(0)
	switch {
	case a.think.exact >= 0:
		est = a.think.exact
	case a.think.thinking:
		est = max(0, u.Output-int64(a.think.visible/4))
	}
	s.Thinking[len(s.Thinking)-1] = est
}
