package search

import (
	"fmt"
	"sync/atomic"
	"testing"
	"time"
)

// TestFilter: every item is asked once, on several goroutines (run it
// with -race), and the answers land at their items; a spent budget
// stops it.
func TestFilter(t *testing.T) {
	p, _ := Compile(`(?i)K7$`)
	texts := make([][]byte, 1000)
	for i := range texts {
		texts[i] = []byte(fmt.Sprintf("item \u212a%d", i))
	}
	var asked atomic.Int64
	keep := Filter(p, NewBudget(nil), len(texts), func(p *Pattern, i int) bool {
		asked.Add(1)
		return p.Match(texts[i])
	})
	for i, k := range keep {
		if k != (i == 7) {
			t.Errorf("item %d (%s): kept %v", i, texts[i], k)
		}
	}
	if asked.Load() != int64(len(texts)) {
		t.Errorf("asked %d times for %d items", asked.Load(), len(texts))
	}
	now := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	late := NewBudgetOf(func() time.Time { now = now.Add(time.Hour); return now }, time.Second, 10)
	asked.Store(0)
	Filter(p, late, len(texts), func(*Pattern, int) bool { asked.Add(1); return true })
	if asked.Load() != 0 {
		t.Errorf("a spent budget still asked %d items", asked.Load())
	}
}
