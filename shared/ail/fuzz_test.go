package ail

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// FuzzParse: the decoder never panics; a document it accepts writes back
// in canonical form to the same document, and hydration respects the
// output cap; a document lenient decoding accepts is in strict form, and
// a strict document needs no repair; collecting every error starts with
// the error strict decoding stops at. The seed corpus is in
// testdata/fuzz/FuzzParse and below, valid and invalid; `go test` runs
// it, `go test -fuzz FuzzParse` explores further.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		seedExample, "", "!AILv1", "!AILv1\n", "!AILv1\n@MEM $1=a $2=b\n@CTX $1$2$3\n",
		"!AILv1\n@SIG a.py|~C.f[T](x:list[T]=[1,(2)],s:str=')')->T|mutates(self.x,d[])\n",
		"!AILv1\n@LOG !a(b(c)) -> ^d\n@NEXT ?a ?b\n", "!AILv1\r\n@CTX x\r\n",
		// Near-misses and worse.
		"\uFEFF!AILv1\r\n\n  @CTX  x  \n", "!AILv1\n@LOG !a(b)->^c\n", "!AILv1\n@LOG !bad id(x) -> ^y\n",
		"!AILv1\n@MEM $1=a=b\n", "!AILv1\n@MEM $1=x\n@MEM $2=$1\n", "!AILv1\n@MEM  $1=a  $2=b c\n",
		"!AILv1\n@MEM $1=$2 $2=$1\n@LOG !x_$1(r) -> ^y\n", "!AILv1\n@SIG a.go|f()->int|mutates(x\n",
		"!AILv1\n@SIG a | f( x ,y ) -> int | mutates( a ,\n", "!AILv1\n@NEXT fix it  ?now ? ?\n", "!AILv1\n@NEXT?a\n",
		"!AILv1\n@SIG a|f(" + strings.Repeat("[", 70) + ")->x\n", "!AILv1\n@LOG !a" + strings.Repeat("(", 70) + " -> ^b\n",
		"!AILv1\n@SIG a|f('x)->int\n", "!AILv1\n@SIG a|f(x]->int\n", "!AILv1\n@CTX\t\n@FOO\n!AILv1\n\x00",
	} {
		f.Add(s)
	}
	lim := Limits{MaxInput: 1 << 16, MaxLine: 1 << 12, MaxOutput: 1 << 14}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseString(s, lim)
		checkLenient(t, s, lim, d)
		_, _, all := DecodeString(s, DecodeOptions{Limits: lim, AllErrors: true})
		if first := firstError(all); (err == nil) != (all == nil) || (err != nil && first.Error() != err.Error()) {
			t.Fatalf("strict %v, all errors %v", err, all)
		}
		if err != nil {
			return
		}
		checkCanonical(t, d)
		checkTasks(t, d, lim)
		out, err := d.Hydrate(lim)
		if err == nil && len(out) > lim.MaxOutput {
			t.Fatalf("hydrated %d bytes past the cap", len(out))
		}
	})
}

// checkCanonical: d's canonical form decodes strictly to d.
func checkCanonical(t *testing.T, d *Document) {
	t.Helper()
	again, err := ParseString(d.Format(), Limits{})
	if err != nil {
		t.Fatalf("canonical form does not parse: %v\n%q", err, d.Format())
	}
	if !sameDoc(d, again) {
		t.Fatalf("canonical form differs:\n%+v\n%+v", d, again)
	}
}

// checkLenient: lenient decoding of s gives a strict document, the
// same as strict's (strict) with no repair when strict accepted s.
func checkLenient(t *testing.T, s string, lim Limits, strict *Document) {
	t.Helper()
	d, reps, err := DecodeString(s, DecodeOptions{Limits: lim, Lenient: true})
	if strict != nil && (err != nil || len(reps) != 0 || !sameDoc(d, strict)) {
		t.Fatalf("a strict document decoded leniently: %v, repairs %v", err, reps)
	}
	if err == nil {
		checkCanonical(t, d)
	}
}

// firstError is the first of an [Errors], or err itself.
func firstError(err error) error {
	var es Errors
	if errors.As(err, &es) && len(es) > 0 {
		return es[0]
	}
	return err
}

// FuzzProseRoundTrip: any prose, packed as @CTX with pointers chosen by
// a counter that favours them, hydrates to its lines (trimmed, blank
// ones dropped, text the decoder refuses replaced).
func FuzzProseRoundTrip(f *testing.F) {
	for _, s := range []string{
		"a", "costs $1 and $12abc; see $$1 and $01", "long_name.go long_name.go long_name.go\n\nlong_name.go",
		"x-y-z x-y-z x-y-z $x-y-z", "@NEXT ?fake\n!AILv1\n# c", "caf\xe9 caf\xe9", "a\rb\r\n",
		"-> | := ((( [[[ '\"` \u00a0 \u2028 trailing\u00a0", "\u202Eevil \u009b2J \u2066x\u2069 \u0085", "@MEM $1=$2\n@LOG !a(b)->^c\n@SIG a|f(",
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

// FuzzLenient: lenient decoding of near-misses never panics, lists at
// most MaxRepairs repairs and the count of the rest, gives a document in
// strict form, and its open tasks are those its hydrated @NEXT lines
// show. The seeds are near-misses of every repair in lenient.go.
func FuzzLenient(f *testing.F) {
	for _, s := range []string{
		"\uFEFF!AILv1\n\n\n  @CTX  x  \n\t\n", "!AILv1\n@MEM  $1=a b  $2=$1\n@NEXT fix  $1 ?  ?$2 c\n",
		"!AILv1\n@LOG retry $1 ( why ) -> x\n@MEM $1=api\n", "!AILv1\n@SIG a b | f( x , y ) ->  int |mutates( a , b\n",
		"!AILv1\n@NEXT?a\n@CTX\t\tx\r\n@ARCH a  ->  b", "!AILv1\n@MEM $1=$2 $2=$1 $3=x=y\n@LOG !$3_$4(r)->^z\n",
		"!AILv1\n" + strings.Repeat("\n", 1200) + "@NEXT ? ?x y z\n",
	} {
		f.Add(s)
	}
	lim := Limits{MaxInput: 1 << 16, MaxLine: 1 << 12, MaxOutput: 1 << 14}
	f.Fuzz(func(t *testing.T, s string) {
		d, reps, err := DecodeString(s, DecodeOptions{Limits: lim, Lenient: true})
		if len(reps) > MaxRepairs+1 {
			t.Fatalf("%d repairs listed", len(reps))
		}
		if err != nil {
			return
		}
		checkCanonical(t, d)
		checkTasks(t, d, lim)
	})
}

// checkTasks: Tasks gives the tasks of each @NEXT line hydrated alone.
func checkTasks(t *testing.T, d *Document, lim Limits) {
	t.Helper()
	var want []string
	for _, l := range d.Lines {
		if l.Kind != KindNext {
			continue
		}
		one, err := (&Document{Mem: d.Mem, Lines: []Line{l}}).Hydrate(lim)
		if err != nil {
			return // over the cap alone: Tasks refuses too, or caps sooner
		}
		tasks, _ := ParseNext(strings.TrimSuffix(strings.TrimPrefix(one, string(KindNext)+" "), "\n"))
		want = append(want, tasks...)
	}
	got, err := d.Tasks(lim)
	if err == nil && !reflect.DeepEqual(got, want) {
		t.Fatalf("Tasks() = %q, want %q", got, want)
	}
}
