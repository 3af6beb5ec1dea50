package ail

import (
	"reflect"
	"strings"
	"testing"
)

// FuzzParse: the decoder never panics, a document it accepts writes back
// in canonical form to the same document, and hydration respects the
// output cap. The seed corpus is in testdata/fuzz/FuzzParse and below;
// `go test` runs it, `go test -fuzz FuzzParse` explores further.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		seedExample, "", "!AILv1", "!AILv1\n@MEM $1=a $2=$1\n@CTX $1$2$3\n",
		"!AILv1\n@SIG a.py|~C.f[T](x:list[T]=[1,(2)],s:str=')')->T|mutates(self.x,d[])\n",
		"!AILv1\n@LOG !a(b(c)) -> ^d\n@NEXT ?a ?b\n", "\uFEFF!AILv1\r\n@CTX x\r\n",
	} {
		f.Add(s)
	}
	lim := Limits{MaxInput: 1 << 16, MaxLine: 1 << 12, MaxOutput: 1 << 14}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseString(s, lim)
		if err != nil {
			return
		}
		again, err := ParseString(d.Format(), Limits{})
		if err != nil {
			t.Fatalf("canonical form does not parse: %v\n%q", err, d.Format())
		}
		if !sameDoc(d, again) {
			t.Fatalf("canonical form differs:\n%+v\n%+v", d, again)
		}
		out, err := d.Hydrate(lim)
		if err == nil && len(out) > lim.MaxOutput {
			t.Fatalf("hydrated %d bytes past the cap", len(out))
		}
	})
}

// FuzzProseRoundTrip: any prose, packed as @CTX with pointers chosen by
// a counter that favours them, hydrates to its lines (trimmed, blank
// ones dropped, text the decoder refuses replaced).
func FuzzProseRoundTrip(f *testing.F) {
	for _, s := range []string{
		"a", "costs $1 and $12abc; see $$1 and $01", "long_name.go long_name.go long_name.go\n\nlong_name.go",
		"x-y-z x-y-z x-y-z $x-y-z", "@NEXT ?fake\n!AILv1\n# c", "caf\xe9 caf\xe9", "a\rb\r\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want []string
		for _, l := range strings.Split(s, "\n") {
			if l = clean(strings.TrimSpace(l)); l != "" {
				want = append(want, l)
			}
		}
		text, _, err := Encode(Ctx(s), Options{Counter: byteCounter{}, NoRedact: true})
		if err != nil {
			t.Fatalf("encode: %v", err)
		}
		d, err := ParseString(text, Limits{})
		if err != nil {
			t.Fatalf("encoder output does not parse: %v\n%s", err, text)
		}
		out, err := d.Hydrate(Limits{})
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(want) == 0 {
			want = []string{""}
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("round trip of %q\nvia %q\ngave %q", s, text, got)
		}
	})
}

// byteCounter counts a token per two bytes, so that almost every
// recurring term looks worth a pointer: it exercises substitution.
type byteCounter struct{}

func (byteCounter) Count(s string) int { return len(s) / 2 }

// sameDoc compares documents without their line numbers.
func sameDoc(a, b *Document) bool {
	if len(a.Mem) != len(b.Mem) || len(a.Lines) != len(b.Lines) {
		return false
	}
	for i := range a.Mem {
		if a.Mem[i].ID != b.Mem[i].ID || a.Mem[i].Value != b.Mem[i].Value {
			return false
		}
	}
	for i := range a.Lines {
		if a.Lines[i].Kind != b.Lines[i].Kind || a.Lines[i].Body != b.Lines[i].Body {
			return false
		}
	}
	return true
}
