package ail

import (
	"fmt"
	"slices"
	"unicode/utf8"

	"github.com/session-intelligence/session-intelligence/shared/core/termtext"
)

// maxPointerID bounds $N; six digits are far more than any snapshot needs.
const maxPointerID = 999999

// pointerID reads the digits of a pointer starting at s[i] (just after
// the $). It returns the id, or 0 when the digits do not form one (none,
// a leading zero, too many), and the index after the digit run either way.
func pointerID(s string, i int) (id, end int) {
	end = i
	for end < len(s) && isDigit(s[end]) {
		end++
	}
	if end == i || s[i] == '0' || end-i > 6 {
		return 0, end
	}
	for _, c := range s[i:end] {
		id = id*10 + int(c-'0')
	}
	return id, end
}

// index finds pointers by id: position+1 in a list of pointers, at the
// id's place in a slice rather than in a map, since ids are small
// (at most maxPointerID): a million definitions cost 4 MB and no hashing.
// A negative entry is a pointer marked (see mark).
type index []int32

// set records that id is at pos; ids no pointer can spell are ignored.
func (x *index) set(id, pos int) {
	if id <= 0 || id > maxPointerID {
		return
	}
	if id >= len(*x) {
		// Doubled, as ids mostly come in order; never shrunk, so the
		// capacity past len is still zero.
		n := max(id+1, min(2*len(*x), maxPointerID+1))
		*x = slices.Grow(*x, n-len(*x))[:n]
	}
	(*x)[id] = int32(pos + 1)
}

// at returns the position of id, or false when it is not set.
func (x index) at(id int) (int, bool) {
	if id <= 0 || id >= len(x) || x[id] == 0 {
		return 0, false
	}
	return int(abs(x[id])) - 1, true
}

// mark flags id, which must be set; marked tells.
func (x index) mark(id int)        { x[id] = -abs(x[id]) }
func (x index) marked(id int) bool { return id > 0 && id < len(x) && x[id] < 0 }

func abs(n int32) int32 { return max(n, -n) }

// indexOf indexes a pointer dictionary.
func indexOf(mem []Pointer) index {
	top := 0
	for _, p := range mem {
		if p.ID <= maxPointerID {
			top = max(top, p.ID)
		}
	}
	x := make(index, top+1)
	for i, p := range mem {
		x.set(p.ID, i)
	}
	return x
}

// checkText rejects invalid UTF-8 and control characters other than tab
// (TEXT_CHAR in grammar.go): C0, DEL, C1, bidi controls and the line and
// paragraph separators ([termtext.IsControl]). Decoded text ends up in
// terminals and prompts, where they could hide or rewrite what is shown.
func checkText(s string) error {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if (c < 0x20 && c != '\t') || c == 0x7f {
				return faultf(ErrControlChar, "expected text, found the control character %U at byte %d", rune(c), i+1)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return faultf(ErrInvalidUTF8, "expected UTF-8 text, found invalid UTF-8 at byte %d", i+1)
		}
		if termtext.IsControl(r) {
			return faultf(ErrControlChar, "expected text, found the control character %U at byte %d", r, i+1)
		}
		i += size
	}
	return nil
}

// quoted is an excerpt made only when a message is printed: a repair
// past MaxRepairs is counted, and its message never built.
type quoted string

func (q quoted) String() string { return excerpt(string(q)) }

// excerpt quotes the start of s for an error message.
func excerpt(s string) string {
	const n = 40
	if len(s) > n {
		cut := n
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		return fmt.Sprintf("%q…", s[:cut])
	}
	return fmt.Sprintf("%q", s)
}
