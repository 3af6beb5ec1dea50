package view

import (
	"fmt"
	"hash/fnv"

	"github.com/session-intelligence/session-intelligence/shared/ai/agent/thread"
	"github.com/session-intelligence/session-intelligence/shared/ai/memory"
)

// RangeKey names the shared line over turns b: its numbers and the turns
// at its ends, so that a thread renumbered (a session attached again)
// asks for it anew.
func RangeKey(turns []thread.Turn, b memory.Block) string {
	return fmt.Sprintf("%s %s %s", b, turns[b.Lo].Key(), turns[b.Hi-1].Key())
}

// TurnSig fingerprints what a turn's summaries were written from: its
// steps and its final reply. A turn that grew since gets new ones.
func TurnSig(c thread.Content) string {
	h := fnv.New64a()
	h.Write([]byte(c.FinalReply()))
	return fmt.Sprintf("%d:%x", len(c.Items), h.Sum64())
}

// RangeSig fingerprints the two lines a shared line was merged from.
func RangeSig(left, right string) string {
	h := fnv.New64a()
	h.Write([]byte(left))
	h.Write([]byte{0})
	h.Write([]byte(right))
	return fmt.Sprintf("%x", h.Sum64())
}

// Lines is what the view reads of the summaries.
type Lines struct {
	Turns []thread.Turn
	Sums  map[string]thread.Summary
}

// Work is a turn's work summary, if written.
func (l Lines) Work(t thread.Turn) (thread.Summary, bool) {
	s, ok := l.Sums[thread.SumWork+" "+t.Key()]
	return s, ok
}

// Turn is a turn's line, if written.
func (l Lines) Turn(t thread.Turn) (thread.Summary, bool) {
	s, ok := l.Sums[thread.SumTurn+" "+t.Key()]
	return s, ok
}

// Range is a shared line, if written; a single turn is its turn line.
func (l Lines) Range(b memory.Block) (thread.Summary, bool) {
	if b.Size() == 1 {
		return l.Turn(l.Turns[b.Lo])
	}
	s, ok := l.Sums[thread.SumRange+" "+RangeKey(l.Turns, b)]
	return s, ok
}
