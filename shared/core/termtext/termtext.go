// Package termtext makes text that came from outside (a payload's fields,
// git, file and folder names, files we read, transcripts) safe to print
// to a terminal or to put before the model.
//
// For a terminal ([Line], [Text]) every escape sequence goes whole (CSI,
// OSC, DCS, SOS, PM, APC and the short ones, introduced by ESC or by a
// C1 character), every other C0 and C1 control character goes, bidi
// controls and line or paragraph separators go, and invalid UTF-8
// becomes U+FFFD: a hostile branch name cannot set the window title,
// write the clipboard, clear the screen or reorder what the user reads.
// Our own styling is added after, by the caller.
//
// For the model ([Model], [ModelLine]) the same, and invisible format
// characters go too (Unicode tags, zero-width spaces, supplementary
// variation selectors): text the user cannot see in a note must not
// reach the model either.
//
// Clean text comes back unchanged and without a copy; the ASCII path is
// a single byte scan, since it runs on the status line's every redraw.
package termtext

import "unicode/utf8"

// mode says how text is shaped and who reads it.
type mode uint8

const (
	multiLine mode = 1 << iota // keep newlines and tabs
	forModel                   // also drop invisible format characters
	styled                     // keep SGR colours and OSC 8 hyperlinks
)

// Line returns s fit for one line of a terminal: tabs, newlines and
// other line-breaking controls become spaces.
func Line(s string) string { return clean(s, 0) }

// Text returns s fit for a terminal, keeping newlines and tabs.
func Text(s string) string { return clean(s, multiLine) }

// Styled is [Text] that keeps colours (SGR: ESC [ digits ; : m) and OSC 8
// hyperlinks with a printable target: for the output of another status
// line command, whose styling is the user's own choice.
func Styled(s string) string { return clean(s, multiLine|styled) }

// Model returns s fit for the model's context, keeping newlines and tabs.
func Model(s string) string { return clean(s, multiLine|forModel) }

// ModelLine returns s fit for one line of the model's context.
func ModelLine(s string) string { return clean(s, forModel) }

// ModelLines is [ModelLine] of each of list, in a new slice: items of a
// list we write one a line (file names, follow-ups, lines of a file).
func ModelLines(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = ModelLine(s)
	}
	return out
}

// clean returns s itself when nothing in it needs to change.
func clean(s string, m mode) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			if j := firstChange(s, i, m); j >= 0 {
				return rebuild(s, j, m)
			}
			return s
		}
	}
	return s
}

// firstChange is the index of the first byte at or after i that does not
// pass as it is, or -1.
func firstChange(s string, i int, m mode) int {
	for i < len(s) {
		c := s[i]
		if c >= 0x20 && c < 0x7f || (c == '\n' || c == '\t') && m&multiLine != 0 {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			return i
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || drop(r, m) || separator(r) {
			return i
		}
		i += n
	}
	return -1
}

// rebuild copies s[:i] and cleans the rest.
func rebuild(s string, i int, m mode) string {
	out := make([]byte, 0, len(s))
	out = append(out, s[:i]...)
	for i < len(s) {
		c := s[i]
		switch {
		case c == 0x1b:
			end := escapeEnd(s, i+1)
			if m&styled != 0 && kept(s[i:end]) {
				out = append(out, s[i:end]...)
			}
			i = end
			continue
		case c >= 0x20 && c < 0x7f:
			out = append(out, c)
		case c == '\n' || c == '\t':
			out = append(out, space(c, m))
		case c == '\r' || c == '\v' || c == '\f':
			if m&multiLine == 0 {
				out = append(out, ' ')
			}
		case c >= utf8.RuneSelf:
			var n int
			out, n = appendRune(out, s, i, m)
			i += n
			continue
		}
		i++ // other C0 controls and DEL go
	}
	return string(out)
}

// space keeps a newline or a tab in multi-line text, else makes it a space.
func space(c byte, m mode) byte {
	if m&multiLine != 0 {
		return c
	}
	return ' '
}

// appendRune appends the rune at s[i] as it should show and returns how
// many bytes of s it consumed (a whole sequence for a C1 introducer).
func appendRune(out []byte, s string, i int, m mode) ([]byte, int) {
	r, n := utf8.DecodeRuneInString(s[i:])
	switch {
	case r == utf8.RuneError && n == 1:
		return append(out, "\uFFFD"...), 1
	case r >= 0x80 && r <= 0x9f:
		return out, c1End(s, i+n, r) - i
	case separator(r):
		return append(out, ' '), n
	case drop(r, m):
		return out, n
	}
	return append(out, s[i:i+n]...), n
}

// IsControl reports the characters that never pass from outside text to
// a terminal or the model: C0 and C1 controls and DEL, bidi controls, and
// the line and paragraph separators. Strict decoders (AILv1) refuse them.
func IsControl(r rune) bool {
	return r < 0x20 || r == 0x7f || drop(r, 0) || separator(r)
}

// separator reports the Unicode line and paragraph separators, which
// some readers take for a line break: they become spaces.
func separator(r rune) bool { return r == 0x2028 || r == 0x2029 }

// drop reports the characters that go without a trace: C1 controls, bidi
// controls and, for the model, invisible format characters.
func drop(r rune, m mode) bool {
	switch {
	case r >= 0x80 && r <= 0x9f:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return m&forModel != 0 && invisible(r)
}

// invisible reports format characters that show nothing on a screen but
// that a model reads: Unicode tags and supplementary variation selectors
// (both used to smuggle text), zero-width spaces and joiners of words,
// the byte order mark, the soft hyphen and the deprecated format
// controls. The zero-width joiner and non-joiner stay: scripts and emoji
// need them.
func invisible(r rune) bool {
	switch {
	case r == 0x00ad, r == 0x180e, r == 0x200b, r >= 0x2060 && r <= 0x206f, r == 0xfeff, r >= 0xfff9 && r <= 0xfffb:
		return true
	case r >= 0xe0000 && r <= 0xe007f, r >= 0xe0100 && r <= 0xe01ef:
		return true
	}
	return false
}
