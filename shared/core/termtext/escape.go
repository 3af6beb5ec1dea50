package termtext

import "strings"

// The ends of escape sequences (ECMA-48, and what xterm accepts). Each
// function takes the index just past the introducer and returns the
// index just past the sequence. Anything they leave still passes the
// per-character filter, so a misjudged end can show stray text but never
// let a control through.

// escapeEnd ends a sequence introduced by ESC.
func escapeEnd(s string, i int) int {
	if i >= len(s) {
		return i
	}
	switch c := s[i]; {
	case c == '[':
		return csiEnd(s, i+1)
	case c == ']' || c == 'P' || c == 'X' || c == '^' || c == '_':
		return stringEnd(s, i+1)
	case c >= 0x20 && c <= 0x2f: // nF: intermediates, then one final byte
		for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
			i++
		}
		if i < len(s) && s[i] >= 0x30 && s[i] <= 0x7e {
			i++
		}
		return i
	case c >= 0x30 && c <= 0x7e: // ESC 7, ESC c (reset), ESC M, …
		return i + 1
	}
	return i // a lone ESC
}

// c1End ends a sequence introduced by the C1 control r, whose encoding
// ends at i; a C1 control that introduces nothing is one character.
func c1End(s string, i int, r rune) int {
	switch r {
	case 0x9b: // CSI
		return csiEnd(s, i)
	case 0x9d, 0x90, 0x98, 0x9e, 0x9f: // OSC, DCS, SOS, PM, APC
		return stringEnd(s, i)
	}
	return i
}

// csiEnd ends a control sequence: parameter and intermediate bytes, then
// a final byte. Any other byte aborts it, as it does in a terminal, and
// is left to the caller.
func csiEnd(s string, i int) int {
	for ; i < len(s); i++ {
		c := s[i]
		if c >= 0x40 && c <= 0x7e {
			return i + 1
		}
		if c < 0x20 || c > 0x3f {
			return i
		}
	}
	return i
}

// stringEnd ends a control string (OSC, DCS, SOS, PM, APC) at BEL, ST
// (ESC \ or U+009C), CAN or SUB. An unterminated one ends at the end of
// its line rather than hiding the rest of the text; an ESC that does
// not start ST ends it and starts a sequence of its own. A raw 0x9c byte
// is no ST here: in UTF-8 it is the middle of a character such as ✓.
func stringEnd(s string, i int) int {
	for ; i < len(s); i++ {
		switch s[i] {
		case 0x07, 0x18, 0x1a:
			return i + 1
		case '\n':
			return i
		case 0x1b:
			if i+1 < len(s) && s[i+1] == '\\' {
				return i + 2
			}
			return i
		case 0xc2:
			if i+1 < len(s) && s[i+1] == 0x9c {
				return i + 2
			}
		}
	}
	return i
}

// kept reports the sequences [Styled] keeps: SGR, and OSC 8 ended by BEL
// or ST whose parameters and target are printable ASCII (a URI is).
func kept(seq string) bool {
	switch {
	case len(seq) >= 3 && seq[1] == '[' && seq[len(seq)-1] == 'm':
		return allIn(seq[2:len(seq)-1], '0', ';')
	case strings.HasPrefix(seq, "\x1b]8;") && strings.HasSuffix(seq, "\x1b\\"):
		return allIn(seq[4:len(seq)-2], '!', '~')
	case strings.HasPrefix(seq, "\x1b]8;") && strings.HasSuffix(seq, "\a"):
		return allIn(seq[4:len(seq)-1], '!', '~')
	}
	return false
}

// allIn reports whether every byte of s is within [lo, hi].
func allIn(s string, lo, hi byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < lo || s[i] > hi {
			return false
		}
	}
	return true
}
