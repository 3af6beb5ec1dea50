package search

import "testing"

// FuzzMight: any pattern the model may type, on any bytes (invalid
// UTF-8 included). Compile refuses or compiles without panicking; a
// compiled pattern's prefilter never rules out a text its regexp
// matches, and Match agrees with the regexp.
func FuzzMight(f *testing.F) {
	for _, seed := range []struct{ expr, text string }{
		{`claim 9[0-9]{3}:`, "claim 9123: x"},
		{`(?i)LOREM.*Z`, "lorem ipsum z"},
		{`(sit|amet) \w+ \d`, "dolor sit amet 4"},
		{`(?i)straße|\bKelvin\b`, "STRASSE \u212aelvin"},
		{`[^a]{2}\d{0,3}`, "\xff\xfe12"},
		{`(((a)))|`, ""},
		{`(`, "("},
		{"\xff", "\xff"},
		{`x{1001}`, "x"},
	} {
		f.Add(seed.expr, []byte(seed.text))
	}
	f.Fuzz(func(t *testing.T, expr string, text []byte) {
		p, err := Compile(expr)
		if err != nil {
			return
		}
		re := p.Regexp().Match(text)
		if re && !p.Might(text) {
			t.Fatalf("%q matches %q but Might says no (literals %s)", expr, text, p.Literals())
		}
		if got := p.Match(text); got != re {
			t.Fatalf("Match(%q) = %v, the regexp says %v", text, got, re)
		}
	})
}
