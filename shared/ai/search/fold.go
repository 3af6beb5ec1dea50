package search

import "unicode/utf8"

// Two runes outside ASCII fold to ASCII letters: the Kelvin sign to k
// and the long s to s (search_test.go checks that no other does).
const (
	kelvin = '\u212A'
	longS  = '\u017F'
)

// lowerASCII maps each byte below 0x80 to its lower case.
var lowerASCII = func() (t [utf8.RuneSelf]byte) {
	for i := range t {
		t[i] = byte(i)
		if 'A' <= i && i <= 'Z' {
			t[i] += 'a' - 'A'
		}
	}
	return t
}()

// lower appends text to dst with ASCII letters lowered and the two
// runes that fold to ASCII letters replaced by them, so that a lowered
// ASCII literal is found in it exactly when a case-insensitive match of
// the literal is in text.
func lower(dst, text []byte) []byte {
	start := len(dst)
	dst = append(dst, text...)
	out := dst[start:]
	n := 0 // bytes of out written; never ahead of i
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf {
			out[n] = lowerASCII[c]
			n, i = n+1, i+1
			continue
		}
		r, size := utf8.DecodeRune(text[i:])
		switch r {
		case kelvin:
			out[n], n = 'k', n+1
		case longS:
			out[n], n = 's', n+1
		default:
			n += copy(out[n:], text[i:i+size])
		}
		i += size
	}
	return dst[:start+n]
}
