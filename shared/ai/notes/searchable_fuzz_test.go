package notes

import (
	"bytes"
	"testing"

	"github.com/session-intelligence/session-intelligence/shared/ai/search"
)

// FuzzSearchable: grep tests a note file's bytes (searchable) before it
// parses the note, and a note file can come from anyone's store through
// a sync. For any bytes and pattern, a note that parses and has a line
// matchingLines reports must pass both byte-level tests grep makes
// first, or grep would miss it.
func FuzzSearchable(f *testing.F) {
	note := "---\nid: 2qn7fg4s4fw2\ntitle: \"Decoherence \\\"explains\\\" collapse\"\nconfidence: likely\ncreated: 2026-11-29T21:51:44Z\n---\n\nInteraction with the environment\nsuppresses interference.\n"
	for _, seed := range []struct{ data, expr string }{
		{note, `(?i)explains`},
		{note, `suppresses`},
		{note, `^Interaction`},
		{"---\ntitle: x\n---\n\n", `x`},
		{"---\n---\n", `.`},
		{"no front matter", `front`},
		{"---\nid: a\n---\n\n\xff\xfe\n", `\xff`},
	} {
		f.Add([]byte(seed.data), seed.expr)
	}
	f.Fuzz(func(t *testing.T, data []byte, expr string) {
		p, err := search.Compile(expr)
		if err != nil {
			return
		}
		n, err := ParseNote("t/2qn7fg4s4fw2.md", data)
		if err != nil || len(matchingLines(p, n)) == 0 {
			return
		}
		if !searchable(data, p.Might) {
			t.Fatalf("the literals rule out a note that matches %q:\n%q", expr, data)
		}
		if !searchable(data, func(line []byte) bool { return p.Match(bytes.TrimSpace(line)) }) {
			t.Fatalf("the line test misses a note that matches %q:\n%q", expr, data)
		}
	})
}
