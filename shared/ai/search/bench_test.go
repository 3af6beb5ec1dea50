package search

import (
	"strings"
	"testing"
)

// BenchmarkMight: the prefilter over 10,000 note-sized texts, for a
// literal pattern and a case-folded one (which lowers each text).
func BenchmarkMight(b *testing.B) {
	texts := make([][]byte, 10_000)
	for i := range texts {
		texts[i] = []byte(strings.Repeat("Lorem ipsum dolor sit amet ", 15))
	}
	for _, expr := range []string{`no such text`, `(?i)LOREM.*Z`} {
		p, _ := Compile(expr)
		b.Run(expr, func(b *testing.B) {
			for b.Loop() {
				for _, t := range texts {
					if p.Might(t) {
						b.Fatal("Might said yes")
					}
				}
			}
		})
	}
}
