package ail

import (
	"fmt"
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
