package redact

import "bytes"

// maxCSIParams bounds how far back afterCSI looks for the '[' of a control
// sequence; real colour codes such as ESC[38;2;255;255;255m are shorter.
const maxCSIParams = 24

// csiIntroducers are the spellings of ESC that may precede the '[' of a
// control sequence: the byte itself in raw terminal output, \u001b once
// the output is inside a JSON string (also the tail of \\u001b deeper
// down), and the shell notations found in the commands that print it.
var csiIntroducers = [...]string{"\x1b", `\u001b`, `\u001B`, `\x1b`, `\x1B`, `\033`, `\e`}

// afterCSI reports whether the bytes before i end a terminal control
// sequence such as the colour code ESC[32m or ESC[0;31m. Its final byte
// is a letter, so without this check a token printed in colour would look
// glued to a word ("mghp_...") and never start at a boundary.
func afterCSI(b []byte, i int) bool {
	if i < 3 || !is(b[i-1], cAlpha) {
		return false
	}
	j := i - 2
	for j >= 0 && i-j <= maxCSIParams && isCSIParam(b[j]) {
		j--
	}
	if j < 0 || b[j] != '[' {
		return false
	}
	for _, intro := range csiIntroducers {
		if bytes.HasSuffix(b[:j], []byte(intro)) {
			return true
		}
	}
	return false
}

// isCSIParam reports whether c is a parameter byte of a control sequence
// (digits and the separators ; and :, plus the private markers <=>?).
func isCSIParam(c byte) bool { return '0' <= c && c <= '?' }
