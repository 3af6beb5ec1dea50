package termtext

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestLine(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "main", "main"},
		{"unicode kept", "fix/café ✓ 日本 👩‍💻", "fix/café ✓ 日本 👩‍💻"},
		{"OSC 52 clipboard, BEL", "a\x1b]52;c;ZXZpbA==\x07b", "ab"},
		{"OSC 0 title, ST", "a\x1b]0;title\x1b\\b", "ab"},
		{"OSC ended by C1 ST", "a\x1b]0;t\u009cb", "ab"},
		{"OSC ended by CAN", "a\x1b]0;t\x18b", "ab"},
		{"OSC unterminated hides its line only", "a\x1b]0;title", "a"},
		{"OSC then ESC not ST starts a sequence", "a\x1b]0;t\x1b[2Jb", "ab"},
		{"CSI clear screen", "a\x1b[2Jb", "ab"},
		{"CSI private, intermediates", "a\x1b[?1049h\x1b[1 qb", "ab"},
		{"CSI SGR from outside goes", "\x1b[31mred\x1b[0m", "red"},
		{"CSI aborted by a control", "a\x1b[12\x07b", "ab"},
		{"DCS", "a\x1bPq#0;2;0;0;0\x1b\\b", "ab"},
		{"APC PM SOS", "a\x1b_x\x1b\\b\x1b^y\x1b\\c\x1bXz\x1b\\d", "abcd"},
		{"short escapes", "a\x1bcb\x1b7c\x1b(Bd\x1b#8e", "abcde"},
		{"lone ESC at end", "a\x1b", "a"},
		{"ESC ESC", "a\x1b\x1b[2Jb", "ab"},
		{"C1 CSI encoded", "a\u009b2Jb", "ab"},
		{"C1 OSC encoded", "a\u009d0;t\u0007b", "ab"},
		{"C1 other", "a\u0085b\u0084c", "abc"},
		{"raw 0x9b is invalid UTF-8", "a\x9b2Jb", "a\uFFFD2Jb"},
		{"invalid UTF-8", "a\xff\xfeb\xc3", "a\uFFFD\uFFFDb\uFFFD"},
		{"C0 controls", "a\x00b\x07c\x08d\x7fe", "abcde"},
		{"newline tab CR become spaces", "a\nb\tc\rd", "a b c d"},
		{"bidi controls go", "abc\u202Efed\u202C \u2066x\u2069 \u200Fy\u061C", "abcfed x y"},
		{"separators become spaces", "a\u2028b\u2029c", "a b c"},
		{"tags stay on a terminal", "a\U000E0041b", "a\U000E0041b"},
		{"raw byte inside a character is not ST", "\x1b]0;✓x\x07y", "y"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Line(tt.in); got != tt.want {
				t.Errorf("Line(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestText(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"lines and tabs kept", "a\n\tb\n", "a\n\tb\n"},
		{"CRLF", "a\r\nb", "a\nb"},
		{"unterminated OSC ends at its line", "a\x1b]0;t\nnext", "a\nnext"},
		{"separators become spaces", "a\u2028b", "a b"},
		{"escapes go", "x\x1b[2J\ny\x1b]52;c;QQ==\x07", "x\ny"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Text(tt.in); got != tt.want {
				t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestModel(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"lines kept", "a\n\tb", "a\n\tb"},
		{"bidi override", "if x \u202E{ } fi\u202C", "if x { } fi"},
		{"isolates and marks", "\u2066a\u2067b\u2068c\u2069\u200Ed\u200Fe\u061C", "abcde"},
		{"separators", "end\u2028----- END -----\u2029", "end ----- END ----- "},
		{"unicode tags smuggle", "ok\U000E0049\U000E0047\U000E004E\U000E007F", "ok"},
		{"zero width", "EN\u200BD\u2060 \uFEFFx\u00ADy", "END xy"},
		{"joiners kept", "👩\u200D💻 \u200C", "👩\u200D💻 \u200C"},
		{"variation selectors", "a\uFE0F\U000E0100", "a\uFE0F"},
		{"controls", "a\x00\x1b[2Jb\u0085c\r\n", "abc\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Model(tt.in); got != tt.want {
				t.Errorf("Model(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
	if got := ModelLine("a\nb\u202E\U000E0041"); got != "a b" {
		t.Errorf("ModelLine = %q, want %q", got, "a b")
	}
	list := []string{"x\ny", "ok"}
	if got := ModelLines(list); len(got) != 2 || got[0] != "x y" || got[1] != "ok" || list[0] != "x\ny" {
		t.Errorf("ModelLines = %q (list now %q)", got, list)
	}
}

func TestStyled(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"colours kept", "\x1b[32mgreen\x1b[0m \x1b[38;5;208mo\x1b[38:2::1:2:3mx\x1b[m", "\x1b[32mgreen\x1b[0m \x1b[38;5;208mo\x1b[38:2::1:2:3mx\x1b[m"},
		{"hyperlink kept", "\x1b]8;;https://x.example/a?b=c\x1b\\link\x1b]8;;\x1b\\", "\x1b]8;;https://x.example/a?b=c\x1b\\link\x1b]8;;\x1b\\"},
		{"hyperlink with BEL", "\x1b]8;id=1;http://x\alink\x1b]8;;\a", "\x1b]8;id=1;http://x\alink\x1b]8;;\a"},
		{"screen and cursor go", "\x1b[2J\x1b[H\x1b[?25lok", "ok"},
		{"private SGR-like goes", "\x1b[>4;2mok\x1b[?1m", "ok"},
		{"title and clipboard go", "\x1b]0;t\x07\x1b]52;c;QQ==\x1b\\ok", "ok"},
		{"link with a space goes", "\x1b]8;;http://x y\x1b\\ok", "ok"},
		{"link cut by a newline goes", "\x1b]8;;http://x\nok", "\nok"},
		{"C1 CSI goes", "\u009b31mok", "ok"},
		{"lines kept, bidi gone", "a\u202Eb\nc", "ab\nc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Styled(tt.in); got != tt.want {
				t.Errorf("Styled(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestCleanIsNotCopied: text that needs nothing comes back as it was,
// without a copy (the status line's every redraw passes here).
func TestCleanIsNotCopied(t *testing.T) {
	for _, s := range []string{"feature/login", "café ✓", ""} {
		if got := Line(s); got != s || testing.AllocsPerRun(10, func() { Line(s) }) != 0 {
			t.Errorf("Line(%q) = %q, or it allocated", s, got)
		}
	}
}

// check fails when out holds anything a terminal or a model should not
// get from outside text.
func check(t *testing.T, name, in, out string, m mode) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("%s(%q) = %q: invalid UTF-8", name, in, out)
	}
	for _, r := range out {
		bad := r < 0x20 && !((r == '\n' || r == '\t') && m&multiLine != 0) || r == 0x7f ||
			drop(r, m) || separator(r)
		if bad {
			t.Fatalf("%s(%q) = %q: holds %U", name, in, out, r)
		}
	}
	if again := clean(out, m); again != out {
		t.Fatalf("%s not idempotent: %q → %q → %q", name, in, out, again)
	}
	if len(out) > 3*len(in) {
		t.Fatalf("%s(%q) grew to %d bytes", name, in, len(out))
	}
}

// checkStyled: every escape left by Styled is one it keeps, and the text
// around them passes Text unchanged.
func checkStyled(t *testing.T, in, out string) {
	t.Helper()
	var plain strings.Builder
	for i := 0; i < len(out); {
		if out[i] != 0x1b {
			plain.WriteByte(out[i])
			i++
			continue
		}
		end := escapeEnd(out, i+1)
		if !kept(out[i:end]) {
			t.Fatalf("Styled(%q) = %q: keeps %q", in, out, out[i:end])
		}
		i = end
	}
	check(t, "Styled", in, plain.String(), multiLine)
}

// checkWriter: s written in three pieces gives Text(s), or a beginning
// of it when s ends unfinished.
func checkWriter(t *testing.T, s string) {
	t.Helper()
	var out strings.Builder
	w := NewWriter(&out)
	a, b := len(s)/3, 2*len(s)/3
	for _, part := range []string{s[:a], s[a:b], s[b:]} {
		_, _ = w.Write([]byte(part))
	}
	if want := Text(s); out.String() != want && !(strings.HasPrefix(want, out.String()) && heldFrom(s) < len(s)) {
		t.Fatalf("Writer(%q) wrote %q, want %q", s, out.String(), want)
	}
}

func FuzzClean(f *testing.F) {
	for _, s := range []string{"main", "a\x1b]52;c;QQ==\x07b", "\x1b[2J", "\x9b2J", "\u009b2J", "\xff",
		"\u202Ex", "a\nb\tc", "\x1bP\x1b\\", "✓\x1b]0;✓\x07", "\U000E0041", "\x1b[31mx\x1b[0m", "\x1b]8;;http://x\x1b\\l\x1b]8;;\a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		check(t, "Line", s, Line(s), 0)
		check(t, "Text", s, Text(s), multiLine)
		check(t, "Model", s, Model(s), multiLine|forModel)
		check(t, "ModelLine", s, ModelLine(s), forModel)
		checkStyled(t, s, Styled(s))
		checkWriter(t, s)
		if strings.ContainsRune(Line(s), '\n') {
			t.Fatalf("Line(%q) holds a newline", s)
		}
	})
}
