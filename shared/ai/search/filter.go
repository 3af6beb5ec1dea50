package search

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// maxWorkers caps the goroutines of one Filter.
const maxWorkers = 4

// chunk is how many items a worker takes at a time.
const chunk = 64

// Filter reports, for each of n items, whether keep holds for it,
// asking keep on up to GOMAXPROCS goroutines (each with its own copy of
// p, as a Pattern is not safe for concurrent use) while b lasts: the
// regexp is the cost of a search that no literal narrows, and it
// divides. Items not reached when b ran out are not kept.
func Filter(p *Pattern, b *Budget, n int, keep func(p *Pattern, i int) bool) []bool {
	out := make([]bool, n)
	workers := min(runtime.GOMAXPROCS(0), maxWorkers, (n+chunk-1)/chunk)
	var next atomic.Int64
	work := func(p *Pattern) {
		for {
			lo := int(next.Add(chunk)) - chunk
			if lo >= n {
				return
			}
			for i := lo; i < min(lo+chunk, n); i++ {
				if !b.More() {
					return
				}
				out[i] = keep(p, i)
			}
		}
	}
	if workers <= 1 {
		work(p)
		return out
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func(p *Pattern) {
			defer wg.Done()
			work(p)
		}(p.clone())
	}
	wg.Wait()
	return out
}

// clone is p for another goroutine.
func (p *Pattern) clone() *Pattern {
	q := *p
	q.low = nil
	return &q
}
