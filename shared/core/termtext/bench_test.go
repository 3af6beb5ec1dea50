package termtext

import (
	"strings"
	"testing"
)

// The status line cleans a handful of short fields per redraw: a branch,
// a folder, a model name, a commit subject.
func BenchmarkLine(b *testing.B) {
	for _, bc := range []struct{ name, s string }{
		{"ascii", "feature/issue-20-terminal-escapes"},
		{"unicode", "fix: café ✓ 日本語のブランチ"},
		{"hostile", "main\x1b]52;c;ZXZpbA==\x07\x1b]0;pwned\x07\x1b[2J\u009b2J\xff\u202Eevil"},
		{"ascii-4KiB", strings.Repeat("0123456789abcdef", 256)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.s)))
			for b.Loop() {
				Line(bc.s)
			}
		})
	}
}

func BenchmarkModel(b *testing.B) {
	s := strings.Repeat("A hand-over line with café and ✓.\n", 100)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		Model(s)
	}
}
