package termtext

import (
	"io"
	"strings"
	"unicode/utf8"
)

// maxCarry bounds what a [Writer] holds back between two writes; a
// longer unfinished sequence is cleaned as it stands (at worst a stray
// piece of it shows).
const maxCarry = 4 << 10

// Writer cleans everything written through it with [Text]'s rules, for a
// command line whose every print may hold outside text: file and folder
// names, notes, transcripts. A sequence or a character cut between two
// writes is held until the next write ends it; everything else goes out
// at once, so a prompt without a newline shows before the read.
//
// No escape sequence of the cleaner crosses a newline, and none starts
// after the cut a Writer chooses, so cleaning piece by piece gives what
// cleaning the whole text would.
type Writer struct {
	w     io.Writer
	carry []byte
}

// NewWriter returns a Writer that writes cleaned text to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write cleans p (after what the last write held back) and writes it. It
// reports len(p) unless the underlying writer fails.
func (t *Writer) Write(p []byte) (int, error) {
	s := string(append(t.carry, p...))
	cut := heldFrom(s)
	if len(s)-cut > maxCarry {
		cut = len(s)
	}
	t.carry = append(t.carry[:0], s[cut:]...)
	if cut == 0 {
		return len(p), nil
	}
	if _, err := io.WriteString(t.w, clean(s[:cut], multiLine)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// heldFrom is where the unfinished end of s begins: an escape sequence
// that more bytes could still extend, or a cut character; len(s) when
// nothing is unfinished. It walks the last line's sequences as [clean]
// does, with one byte more ("0", which extends any open sequence) to
// tell a finished sequence from an open one.
func heldFrom(s string) int {
	x := s + "0"
	for i := max(strings.LastIndexByte(s, '\n')+1, len(s)-maxCarry); i < len(s); {
		end := i + 1
		switch c := s[i]; {
		case c == 0x1b:
			end = escapeEnd(x, i+1)
		case c == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f: // a C1 control, encoded
			end = c1End(x, i+2, rune(s[i+1]))
		}
		if end > len(s) {
			return i
		}
		i = end
	}
	if r := lastRuneStart(s); r >= 0 && !utf8.FullRuneInString(s[r:]) {
		return r
	}
	return len(s)
}

// lastRuneStart is the index of the last byte of s that can start a
// character, looking back at most utf8.UTFMax bytes; -1 if none.
func lastRuneStart(s string) int {
	for i := len(s) - 1; i >= 0 && i >= len(s)-utf8.UTFMax; i-- {
		if utf8.RuneStart(s[i]) {
			return i
		}
	}
	return -1
}

// Underlying returns the writer a [Writer] writes to, and any other
// writer as it is: for a child process that must get the terminal itself
// (an editor) or that cleans its own output (our other binaries).
func Underlying(w io.Writer) io.Writer {
	if t, ok := w.(*Writer); ok {
		return t.w
	}
	return w
}
