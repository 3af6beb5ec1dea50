package ail

import (
	"errors"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// The worst shapes of document for the decoder's time and memory, each
// built up to about n bytes: what a hostile or broken writer can hand
// over within the input cap.
var shapes = []struct {
	name string
	gen  func(n int) string
}{
	{"blank lines", func(n int) string { return Header + "\n" + strings.Repeat("\n", n-len(Header)-1) }},
	{"padded lines", func(n int) string { return fill(n, func(int) string { return "  @CTX  x  " }) }},
	{"pointer defs", memDefs},
	{"pointer uses", pointerUses},
	{"long lines", longLines},
	{"deep nesting", deepNesting},
	{"near-miss logs", func(n int) string {
		return fill(n, func(i int) string { return "@LOG try $1 " + strconv.Itoa(i) + " ( why )->x" })
	}},
	{"spaced tasks", func(n int) string { return fill(n, func(int) string { return "@NEXT a  b ? c ?" }) }},
}

// fill writes the header and then line(i) for i = 0, 1, … while the
// document stays within n bytes.
func fill(n int, line func(i int) string) string {
	var b strings.Builder
	b.Grow(n)
	b.WriteString(Header + "\n")
	for i := 0; ; i++ {
		l := line(i)
		if b.Len()+len(l)+1 > n {
			return b.String()
		}
		b.WriteString(l)
		b.WriteByte('\n')
	}
}

// memDefs: @MEM lines of one-level pointer values ($N=$1 copies, with a
// space inside to repair) as long as the line cap lets them be.
func memDefs(n int) string {
	id := 1
	return fill(n, func(int) string {
		var b strings.Builder
		b.WriteString("@MEM")
		for b.Len() < 64<<10 && id < maxPointerID {
			if id == 1 {
				b.WriteString(" $1=base value")
			} else {
				b.WriteString(" $" + strconv.Itoa(id) + "=$1")
			}
			id++
		}
		return b.String()
	})
}

// pointerUses: a few definitions, then prose, tasks and rejected
// approaches made of nothing but pointers and near-pointers.
func pointerUses(n int) string {
	uses := strings.Repeat("$1$2$3 $9 $01 $ ", 4096)
	return fill(n, func(i int) string {
		switch {
		case i == 0:
			return "@MEM $1=alpha $2=beta $3=gamma"
		case i%3 == 0:
			return "@NEXT ?$1 ?$2_$3 ?$" + strconv.Itoa(i%9+1)
		case i%3 == 1:
			return "@LOG !retry_$1_$2(" + uses[:1024] + ") -> ^$3"
		}
		return "@CTX " + uses
	})
}

// longLines: lines of every section near the 1 MiB line cap.
func longLines(n int) string {
	const w = 1<<20 - 64
	args := strings.Repeat("a:int, ", w/7)
	return fill(n, func(i int) string {
		switch i % 4 {
		case 0:
			return "@CTX " + strings.Repeat("word ", w/5)
		case 1:
			return "@SIG f.go | g( " + args[:len(args)-2] + " ) -> int"
		case 2:
			return "@NEXT " + strings.Repeat("?task ", w/6)
		}
		return "@LOG !a(" + strings.Repeat("(x) ", w/4) + ") -> ^b"
	})
}

// deepNesting: brackets and parentheses at the nesting cap, over and
// over, in @SIG arguments and @LOG reasons.
func deepNesting(n int) string {
	sig := "@SIG a.go|f(" + strings.Repeat(nested("[", "]", MaxNesting-1)+",", 4000) + "x)->int|mutates(" + nested("{", "}", MaxNesting-1) + ")"
	log := "@LOG !a(" + strings.Repeat(nested("(", ")", MaxNesting-1), 4000) + ") -> ^b"
	return fill(n, func(i int) string {
		if i%2 == 0 {
			return sig
		}
		return log
	})
}

// decodeShape decodes s leniently and hydrates the result, as `si ail
// unpack --lenient` does.
func decodeShape(tb testing.TB, s string) []Repair {
	tb.Helper()
	d, reps, err := DecodeString(s, DecodeOptions{Lenient: true})
	if err == nil {
		_, err = d.Hydrate(Limits{})
	}
	if err != nil && !errors.Is(err, ErrTooLarge) && !errors.Is(err, ErrPointerInIdentifier) {
		tb.Fatalf("decode: %v", err)
	}
	return reps
}

// allocated is the number of bytes fn allocates.
func allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestShapesBoundedMemory: every worst shape decodes leniently and
// hydrates allocating a small multiple of its size, the same multiple at
// 1 MB and at 4 MB (a quadratic decoder allocates 4 times the multiple
// at 4 MB; the one this replaced used 229 bytes a byte for blank lines),
// and lists at most MaxRepairs repairs and the count of the rest.
func TestShapesBoundedMemory(t *testing.T) {
	const perByte = 16 // generous: the worst shape allocates about 8
	for _, sh := range shapes {
		t.Run(sh.name, func(t *testing.T) {
			var reps []Repair
			for _, n := range []int{1 << 20, 4 << 20} {
				s := sh.gen(n)
				got := allocated(func() { reps = decodeShape(t, s) })
				if got > uint64(perByte*len(s)) {
					t.Errorf("%d bytes allocated %d, over %d a byte", len(s), got, perByte)
				}
			}
			if len(reps) > MaxRepairs+1 {
				t.Errorf("%d repairs listed, want at most %d", len(reps), MaxRepairs+1)
			}
			if n := len(reps); n == MaxRepairs+1 && !errors.Is(reps[n-1].Kind, ErrManyRepairs) {
				t.Errorf("the last of %d repairs is %v, want the count of those not listed", n, reps[n-1])
			}
		})
	}
}

// BenchmarkShapes: lenient decoding and hydration of each worst shape at
// 4 MB; `go test -bench Shapes -benchmem` shows the bytes a second and
// allocated per run.
func BenchmarkShapes(b *testing.B) {
	for _, sh := range shapes {
		s := sh.gen(4 << 20)
		b.Run(sh.name, func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			b.ReportAllocs()
			for b.Loop() {
				decodeShape(b, s)
			}
		})
	}
}
