package memory

import (
	"errors"
	"fmt"
	"math/bits"
	"testing"
)

func TestCoverSmallIsEveryNote(t *testing.T) {
	for _, n := range []int{0, 1, 5, 96} {
		c := Cover(n, 96)
		if len(c) != n {
			t.Fatalf("Cover(%d, 96) has %d blocks, want %d singles", n, len(c), n)
		}
		for i, b := range c {
			if b != (Block{i, i + 1}) {
				t.Errorf("Cover(%d, 96)[%d] = %v", n, i, b)
			}
		}
	}
}

// TestCoverShape checks, for many sizes, what the view relies on: the
// blocks tile the notes in order, each is an aligned power-of-two run,
// there are budget of them (or as few as can tile n), and they only shrink towards the
// newest note, which stays word for word.
func TestCoverShape(t *testing.T) {
	for _, budget := range []int{4, 16, 96} {
		for _, n := range []int{budget + 1, 2 * budget, 1000, 1023, 1024, 1025, 4097, 10_000} {
			t.Run(fmt.Sprintf("n%d/budget%d", n, budget), func(t *testing.T) {
				c := Cover(n, budget)
				// Aligned runs cannot tile n in fewer blocks than n has one bits.
				if want := max(budget, bits.OnesCount(uint(n))); len(c) != want {
					t.Errorf("%d blocks, want %d", len(c), want)
				}
				next := 0
				for i, b := range c {
					size := b.Size()
					if b.Lo != next || size < 1 || size&(size-1) != 0 || b.Lo%size != 0 {
						t.Fatalf("block %d = %v: not an aligned run starting at %d", i, b, next)
					}
					if i > 0 && size > c[i-1].Size() {
						t.Errorf("block %v is larger than the older %v", b, c[i-1])
					}
					next = b.Hi
				}
				if next != n {
					t.Errorf("blocks end at %d, want %d", next, n)
				}
				if last := c[len(c)-1]; budget >= 16 && last.Size() != 1 {
					t.Errorf("newest block %v is folded", last)
				}
			})
		}
	}
}

func TestCoverIsStableBetweenNotes(t *testing.T) {
	// Most blocks of the view survive one more note, so their summaries
	// are reused rather than rebuilt.
	a, b := Cover(5000, 96), Cover(5001, 96)
	inB := map[Block]bool{}
	for _, blk := range b {
		inB[blk] = true
	}
	kept := 0
	for _, blk := range a {
		if inB[blk] {
			kept++
		}
	}
	if kept < 80 {
		t.Errorf("only %d of %d blocks survive one more note", kept, len(a))
	}
}

func TestParseBlock(t *testing.T) {
	tests := []struct {
		in   string
		want Block
		err  bool
	}{
		{"17", Block{17, 18}, false},
		{"#17", Block{17, 18}, false},
		{" 0-15 ", Block{0, 16}, false},
		{"#16-31", Block{16, 32}, false},
		{"0-1", Block{0, 2}, false},
		{"4-5", Block{4, 6}, false},
		{"5-6", Block{}, true}, // not aligned
		{"0-2", Block{}, true}, // not a power of two
		{"3-1", Block{}, true}, // backwards
		{"-1", Block{}, true},  // negative
		{"abc", Block{}, true}, // not a number
		{"1-x", Block{}, true}, // not a number
		{"", Block{}, true},    // empty
	}
	for _, tt := range tests {
		got, err := ParseBlock(tt.in)
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("ParseBlock(%q) = %v, %v; want %v, error %v", tt.in, got, err, tt.want, tt.err)
		}
		if err != nil && !errors.Is(err, ErrBadID) {
			t.Errorf("ParseBlock(%q) error %v is not ErrBadID", tt.in, err)
		}
	}
	for _, b := range []Block{{17, 18}, {0, 16}, {1024, 2048}} {
		if got, err := ParseBlock(b.String()); err != nil || got != b {
			t.Errorf("ParseBlock(%v.String()) = %v, %v", b, got, err)
		}
	}
}

func BenchmarkCover10k(b *testing.B) {
	for b.Loop() {
		Cover(10_000, 96)
	}
}
