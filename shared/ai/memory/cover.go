package memory

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Block is the run of notes [Lo, Hi). A block of one note is that note;
// a longer one is an aligned run of a power-of-two length (0-1, 0-3, 4-7,
// 16-31 …), the unit the memory folds into one summary. Blocks nest like
// a binary tree: every longer block is the fold of its two halves.
type Block struct{ Lo, Hi int }

// ErrBadID: an id that is neither a note number nor a block.
var ErrBadID = errors.New("bad id")

// Size is the number of notes in b.
func (b Block) Size() int { return b.Hi - b.Lo }

// String is the id the view prints: "17" or "0-15" (inclusive).
func (b Block) String() string {
	if b.Size() == 1 {
		return strconv.Itoa(b.Lo)
	}
	return fmt.Sprintf("%d-%d", b.Lo, b.Hi-1)
}

// Halves splits a block of two or more notes.
func (b Block) Halves() (Block, Block) {
	mid := b.Lo + b.Size()/2
	return Block{b.Lo, mid}, Block{mid, b.Hi}
}

// ParseBlock reads an id as printed by the view ("17", "#17", "0-15").
func ParseBlock(s string) (Block, error) {
	id := strings.TrimPrefix(strings.TrimSpace(s), "#")
	lo, hi, isRange := strings.Cut(id, "-")
	a, err := strconv.Atoi(lo)
	if err != nil || a < 0 {
		return Block{}, fmt.Errorf("%w %q: want a note number like 17 or a range like 0-15", ErrBadID, s)
	}
	if !isRange {
		return Block{a, a + 1}, nil
	}
	b, err := strconv.Atoi(hi)
	if err != nil || b < a {
		return Block{}, fmt.Errorf("%w %q: want a note number like 17 or a range like 0-15", ErrBadID, s)
	}
	blk := Block{a, b + 1}
	if n := blk.Size(); n&(n-1) != 0 || a%n != 0 {
		return Block{}, fmt.Errorf("%w %q: not a range the view prints (their length is a power of two, like 16-31)", ErrBadID, s)
	}
	return blk, nil
}

// Cover returns the blocks a view of n notes shows in about budget lines,
// oldest first. While the notes fit, each is its own line. Beyond that,
// runs are folded in order of their size relative to their age (the
// distance from their first note to the newest), smallest first, until
// budget lines are left: folds grow with age and the newest notes stay
// word for word. A run always ranks after its halves, so the folded runs
// nest. The result depends only on n and budget, so the runs it asks for
// stay the same between runs of the program and their summaries are
// reused.
func Cover(n, budget int) []Block {
	budget = max(budget, 1)
	cands := make([]fold, 0, n)
	for size := 2; size <= n; size *= 2 {
		for lo := 0; lo+size <= n; lo += size {
			cands = append(cands, newFold(n, lo, size))
		}
	}
	var cut fold // the last run folded; nil ranks below every run
	if k := min(n-budget, len(cands)); k > 0 {
		cut = nth(cands, k-1)
	}
	out := make([]Block, 0, min(n, budget+64))
	var add func(lo, size int)
	add = func(lo, size int) {
		if size == 1 || (cut.size > 0 && !cut.before(newFold(n, lo, size))) {
			out = append(out, Block{lo, lo + size})
			return
		}
		add(lo, size/2)
		add(lo+size/2, size/2)
	}
	// The largest aligned runs that fit, oldest first.
	for lo := 0; lo < n; {
		size := 1
		for lo%(2*size) == 0 && lo+2*size <= n {
			size *= 2
		}
		add(lo, size)
		lo += size
	}
	return out
}

// fold is a candidate run [lo, lo+size) and its rank.
type fold struct {
	lo, size int
	cost     float64
}

func newFold(n, lo, size int) fold {
	return fold{lo: lo, size: size, cost: float64(size) / float64(n-lo)}
}

// before ranks runs: lower cost first, then shorter (so halves come
// before their run on a tie), then older.
func (a fold) before(b fold) bool {
	if a.cost != b.cost {
		return a.cost < b.cost
	}
	if a.size != b.size {
		return a.size < b.size
	}
	return a.lo < b.lo
}

// nth returns the k-th run in rank order (from 0), reordering s.
func nth(s []fold, k int) fold {
	lo, hi := 0, len(s)-1
	for lo < hi {
		p := s[(lo+hi)/2]
		i, j := lo, hi
		for i <= j {
			for s[i].before(p) {
				i++
			}
			for p.before(s[j]) {
				j--
			}
			if i <= j {
				s[i], s[j] = s[j], s[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return s[k]
		}
	}
	return s[k]
}
