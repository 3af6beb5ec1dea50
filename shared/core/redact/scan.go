package redact

import "bytes"

// Byte classes. The scanners test many bytes per candidate, and one table
// lookup is cheaper and easier to read than chains of range comparisons.
const (
	cDigit uint16 = 1 << iota
	cLower
	cUpper
	cHexLetter
	cDash
	cUnder
	cDot
	cSlash
	cPlus
	cEqual
	cTilde
)

// Unions of the classes above, named after what they describe.
const (
	cAlpha  = cLower | cUpper
	cAlnum  = cAlpha | cDigit
	cWord   = cAlnum | cUnder
	cB64URL = cAlnum | cDash | cUnder
	cB64    = cAlnum | cPlus | cSlash | cEqual
	cHex    = cDigit | cHexLetter
	// cToken68 is the RFC 7235 token68 alphabet used by HTTP credentials.
	cToken68 = cAlnum | cDash | cDot | cUnder | cTilde | cPlus | cSlash | cEqual
	// cKeyName is what a key in key = value text may consist of.
	cKeyName = cAlnum | cUnder | cDash | cDot
)

var classes = func() (t [256]uint16) {
	for c := '0'; c <= '9'; c++ {
		t[c] |= cDigit
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] |= cLower
		t[c-'a'+'A'] |= cUpper
	}
	for _, c := range "abcdefABCDEF" {
		t[c] |= cHexLetter
	}
	t['-'] |= cDash
	t['_'] |= cUnder
	t['.'] |= cDot
	t['/'] |= cSlash
	t['+'] |= cPlus
	t['='] |= cEqual
	t['~'] |= cTilde
	return t
}()

// is reports whether c belongs to any class in mask.
func is(c byte, mask uint16) bool { return classes[c]&mask != 0 }

// runOf returns the end of the run of mask bytes that starts at i.
func runOf(b []byte, i int, mask uint16) int {
	for i < len(b) && classes[b[i]]&mask != 0 {
		i++
	}
	return i
}

// hasClass reports whether any byte of b belongs to mask.
func hasClass(b []byte, mask uint16) bool {
	for _, c := range b {
		if classes[c]&mask != 0 {
			return true
		}
	}
	return false
}

// anchor is a literal that starts a candidate, with the index of its
// rarest byte. Searching that byte with bytes.IndexByte runs at memory
// speed, whereas bytes.Index keyed on a common first byte (e, s, :) falls
// back to a scan several times slower.
type anchor struct {
	lit  string
	rare int
}

// next returns the first occurrence of a at or after from, or -1.
func (a anchor) next(b []byte, from int) int {
	c := a.lit[a.rare]
	for p := from + a.rare; p < len(b); p++ {
		j := bytes.IndexByte(b[p:], c)
		if j < 0 {
			return -1
		}
		p += j
		if st := p - a.rare; st+len(a.lit) <= len(b) && string(b[st:st+len(a.lit)]) == a.lit {
			return st
		}
	}
	return -1
}

// indexByteFrom is bytes.IndexByte starting at from, with an absolute
// result.
func indexByteFrom(b []byte, from int, c byte) int {
	if from >= len(b) {
		return -1
	}
	i := bytes.IndexByte(b[from:], c)
	if i < 0 {
		return -1
	}
	return from + i
}

// seeker finds the next occurrence of a literal for queries at
// non-decreasing positions. It remembers its last answer, so the queries
// of one pass search each byte of the input at most once.
type seeker struct {
	at    int // first occurrence at or after the last query; -1: none
	valid bool
}

// next returns the first occurrence of lit at or after p, or -1.
func (k *seeker) next(b []byte, p int, lit string) int {
	if k.valid && (k.at < 0 || k.at >= p) {
		return k.at
	}
	k.valid, k.at = true, -1
	if p < len(b) {
		if j := bytes.Index(b[p:], []byte(lit)); j >= 0 {
			k.at = p + j
		}
	}
	return k.at
}

// isEscapeStart reports whether the backslash at p begins an escape
// sequence, i.e. is not itself the second half of an escaped backslash.
func isEscapeStart(b []byte, p int) bool {
	if b[p] != '\\' {
		return false
	}
	n := 0
	for q := p - 1; q >= 0 && b[q] == '\\'; q-- {
		n++
	}
	return n%2 == 0
}

// escLen is the length of the escape sequence starting at p: six bytes for
// a JSON \uXXXX, else two (one at the very end of the input).
func escLen(b []byte, p int) int {
	if p+6 <= len(b) && b[p+1] == 'u' &&
		is(b[p+2], cHex) && is(b[p+3], cHex) && is(b[p+4], cHex) && is(b[p+5], cHex) {
		return 6
	}
	if p+1 < len(b) {
		return 2
	}
	return 1
}

// atBoundary reports whether a token may start at i because the byte
// before it is not part of a word.
func atBoundary(b []byte, i int) bool { return startsRun(b, i, cWord) }

// startsRun is atBoundary for tokens made of mask bytes: the byte before
// must be outside mask too. Tokens then start only where their whole run
// starts, so they cannot nest and each run is examined once. The letter
// of an escape such as \n or \t counts as outside: inside a JSON string
// it stands for whitespace. So does the final letter of a colour code,
// which the terminal swallows (see afterCSI).
func startsRun(b []byte, i int, mask uint16) bool {
	if i == 0 || !is(b[i-1], mask|cWord) {
		return true
	}
	switch b[i-1] {
	case 'n', 'r', 't', 'b', 'f':
		if i >= 2 && isEscapeStart(b, i-2) {
			return true
		}
	}
	return afterCSI(b, i)
}

// endBoundary reports whether a token may end at e.
func endBoundary(b []byte, e int) bool {
	return e >= len(b) || !is(b[e], cWord)
}

// markerPrefix begins every marker; see Marker.
const markerPrefix = "[REDACTED:"

// touchesMarker reports whether [st, e) is glued to a marker on either
// side. Detectors judge a candidate by its neighbours too (how far a run
// reaches, what byte precedes it); where an earlier pass redacted those,
// the marker could turn a rejected candidate into a match, so declining
// candidates glued to a marker keeps redaction idempotent.
func touchesMarker(b []byte, st, e int) bool {
	if bytes.HasPrefix(b[e:], []byte(markerPrefix)) {
		return true
	}
	if st == 0 || b[st-1] != ']' {
		return false
	}
	from := max(0, st-32)
	k := bytes.LastIndexByte(b[from:st], '[')
	return k >= 0 && bytes.HasPrefix(b[from+k:], []byte(markerPrefix))
}

// classCount counts how many of lower case, upper case and digits occur
// in b; random tokens mix at least two, words and placeholders rarely do.
func classCount(b []byte) int {
	var seen uint16
	for _, c := range b {
		seen |= classes[c] & cAlnum
	}
	n := 0
	for _, m := range [...]uint16{cLower, cUpper, cDigit} {
		if seen&m != 0 {
			n++
		}
	}
	return n
}

// lower returns the ASCII lower case of c.
func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
