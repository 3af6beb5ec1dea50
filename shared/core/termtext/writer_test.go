package termtext

import (
	"bytes"
	"strings"
	"testing"
)

// TestWriterSplits: however a text is cut into writes, a Writer prints
// what Text gives for the whole of it, and a finished line goes out at
// once.
func TestWriterSplits(t *testing.T) {
	texts := []string{
		"plain line\nnext\n",
		"a\x1b]52;c;QQ==\x07b\x1b]0;title\x1b\\c\x1b[2Jd\n",
		"café ✓ 日本 👩\u200d💻\n",
		"x\u009b31my\u009d0;t\u009cz\xffw\n",
		"unterminated \x1b]0;title\nshown\n",
		"prompt without newline: ",
		"lone\x1b",
	}
	for _, text := range texts {
		want := Text(text)
		for cut := 0; cut <= len(text); cut++ {
			for cut2 := cut; cut2 <= len(text); cut2++ {
				var out bytes.Buffer
				w := NewWriter(&out)
				for _, part := range []string{text[:cut], text[cut:cut2], text[cut2:]} {
					if n, err := w.Write([]byte(part)); n != len(part) || err != nil {
						t.Fatalf("Write = %d, %v", n, err)
					}
				}
				if got := out.String(); got != want && !(strings.HasPrefix(want, got) && heldFrom(text) < len(text)) {
					t.Fatalf("%q cut at %d and %d: wrote %q, want %q", text, cut, cut2, got, want)
				}
			}
		}
	}
}

// TestWriterShowsAPromptAtOnce: text without a newline is not held.
func TestWriterShowsAPromptAtOnce(t *testing.T) {
	var out bytes.Buffer
	w := NewWriter(&out)
	_, _ = w.Write([]byte("Reply YES to write it: "))
	if out.String() != "Reply YES to write it: " {
		t.Errorf("prompt held: %q", out.String())
	}
	_, _ = w.Write([]byte("\x1b]0;"))
	_, _ = w.Write([]byte("title\x07ok"))
	if out.String() != "Reply YES to write it: ok" {
		t.Errorf("a sequence cut between writes: %q", out.String())
	}
}

// TestWriterBoundsWhatItHolds: an endless open sequence is not held
// beyond maxCarry.
func TestWriterBoundsWhatItHolds(t *testing.T) {
	var out bytes.Buffer
	w := NewWriter(&out)
	_, _ = w.Write([]byte("\x1b]0;"))
	for range 10 {
		_, _ = w.Write(bytes.Repeat([]byte("a"), 1000))
	}
	if len(w.carry) > maxCarry {
		t.Errorf("holds %d bytes", len(w.carry))
	}
	if strings.ContainsRune(out.String(), 0x1b) {
		t.Errorf("wrote an escape: %q", out.String())
	}
}
