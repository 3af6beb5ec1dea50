package ail

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// planted maps every kind the decoder reports inside a document to a
// line that has that problem and no other. The header and the last
// line are planted by placement (first line, no newline); the input
// cap concerns the whole input and is tested alone.
var planted = map[error]string{
	ErrLineTooLong:         "@CTX " + strings.Repeat("x", 5000),
	ErrInvalidUTF8:         "@CTX caf\xe9",
	ErrControlChar:         "@CTX a\x00b",
	ErrRepeatedHeader:      Header,
	ErrBlankLine:           "",
	ErrNotSection:          "just prose",
	ErrUnknownSection:      "@FOO x",
	ErrSpace:               "@CTX  x",
	ErrEmpty:               "@ARCH",
	ErrMemDef:              "@MEM 1=a",
	ErrPointerID:           "@MEM $0=a",
	ErrIdentifier:          "@MEM $900001=a=b",
	ErrPointerInIdentifier: "@MEM $900002=$1",
	ErrDuplicatePointer:    "@MEM $1=again",
	ErrLog:                 "@LOG a(b) -> ^c",
	ErrLogArrow:            "@LOG !a(b)->^c",
	ErrReason:              "@LOG !a() -> ^c",
	ErrSig:                 "@SIG f(x)->int",
	ErrSigArg:              "@SIG a|f(x,)->int",
	ErrMutates:             "@SIG a|f()->int|mutates(a",
	ErrUnbalanced:          "@SIG a|f(x]->int",
	ErrNesting:             "@SIG a|f(" + nested("[", "]", 70) + ")->int",
	ErrNext:                "@NEXT do_it",
}

// decodeKinds is every kind of error the decoder reports.
var decodeKinds = []error{
	ErrTooLarge, ErrLineTooLong, ErrInvalidUTF8, ErrControlChar, ErrNoHeader, ErrRepeatedHeader,
	ErrNoNewline, ErrBlankLine, ErrNotSection, ErrUnknownSection, ErrSpace, ErrEmpty, ErrMemDef,
	ErrPointerID, ErrIdentifier, ErrPointerInIdentifier, ErrDuplicatePointer, ErrLog, ErrLogArrow,
	ErrReason, ErrSig, ErrSigArg, ErrMutates, ErrUnbalanced, ErrNesting, ErrNext,
}

// bigLimits lets a 5,000-byte line be over the line cap.
var bigLimits = Limits{MaxLine: 4096}

// TestEveryErrorKindAlone: each kind, placed alone in a document, is the
// one problem reported, on its line.
func TestEveryErrorKindAlone(t *testing.T) {
	for _, k := range decodeKinds {
		if _, ok := planted[k]; !ok && k != ErrNoHeader && k != ErrNoNewline && k != ErrTooLarge {
			t.Errorf("%v has no planted line", k)
		}
	}
	for kind, line := range planted {
		doc := "!AILv1\n@MEM $1=x\n" + line + "\n"
		checkAlone(t, kind, doc, 3)
	}
	checkAlone(t, ErrNoHeader, "@CTX x\n", 1)
	checkAlone(t, ErrNoNewline, "!AILv1\n@CTX x", 2)
	_, _, err := DecodeString(strings.Repeat("#\n", 100), DecodeOptions{Limits: Limits{MaxInput: 64}, AllErrors: true})
	if !errors.Is(err, ErrTooLarge) {
		t.Errorf("input over the cap: %v", err)
	}
}

func checkAlone(t *testing.T, kind error, doc string, line int) {
	t.Helper()
	_, _, err := DecodeString(doc, DecodeOptions{Limits: bigLimits, AllErrors: true})
	var es Errors
	if !errors.As(err, &es) || len(es) != 1 || !errors.Is(es[0], kind) || es[0].Line != line {
		t.Errorf("%v alone in %q: got %v, want that one kind on line %d", kind, excerpt(doc), err, line)
	}
	if _, err := ParseString(doc, bigLimits); !errors.Is(err, kind) {
		t.Errorf("%v alone, strict: %v", kind, err)
	}
}

// filler returns a valid section line, varied with i.
func filler(i int) string {
	switch i % 6 {
	case 0:
		return fmt.Sprintf("@MEM $%d=name_%d", i+10, i)
	case 1:
		return fmt.Sprintf("@CTX prose line %d with $1 and -> arrows", i)
	case 2:
		return fmt.Sprintf("@ARCH a%d := b->c | d", i)
	case 3:
		return fmt.Sprintf("@LOG !try_%d(it (really) failed) -> ^other_%d", i, i)
	case 4:
		return fmt.Sprintf("@SIG f%d.go|T.M[K:any](x:map[K]int,s:str=')')->(int,error)|mutates(t.x[],t.y)", i)
	}
	return fmt.Sprintf("@NEXT ?task_%d ?next_%d", i, i)
}

// tenThousandSections is one document of 10,000 sections with every
// kind of error planted in it, and the error expected on each line.
func tenThousandSections() (doc string, at map[int]error) {
	const n = 10000
	lines := make([]string, n)
	at = map[int]error{1: ErrNoHeader, n: ErrNoNewline}
	lines[0] = "@CTX where the header should be"
	for i := 1; i < n; i++ {
		lines[i] = filler(i)
	}
	lines[1] = "@MEM $1=first"
	step, i := n/(len(planted)+2), 1
	for kind, line := range planted {
		lines[i*step] = line
		at[i*step+1] = kind
		i++
	}
	return strings.Join(lines, "\n"), at // the last line has no newline
}

// TestTenThousandSections: strict decoding of tenThousandSections stops
// at the first problem (the missing header on line 1); with AllErrors
// every planted problem is reported on its line and nothing else is.
// BenchmarkTenThousandSections times both.
func TestTenThousandSections(t *testing.T) {
	doc, at := tenThousandSections()
	_, err := ParseString(doc, bigLimits)
	if !errors.Is(err, ErrNoHeader) {
		t.Fatalf("strict: %v, want the missing header first", err)
	}
	_, _, err = DecodeString(doc, DecodeOptions{Limits: bigLimits, AllErrors: true})
	var es Errors
	if !errors.As(err, &es) || len(es) != len(at) {
		t.Fatalf("got %d errors, want %d: %v", len(es), len(at), err)
	}
	for _, e := range es {
		if want := at[e.Line]; want == nil || !errors.Is(e, want) {
			t.Errorf("unexpected %v (kind %v), want %v there", e, e.Kind, want)
		}
	}
}

// tenThousandValid is the same size, valid, and as many near-misses for
// lenient decoding.
func tenThousandValid() (valid, near string) {
	var b, n strings.Builder
	b.WriteString("!AILv1\n@MEM $1=first\n")
	n.WriteString("!AILv1\n")
	for i := 1; i < 10000; i++ {
		b.WriteString(filler(i) + "\n")
		fmt.Fprintf(&n, "@LOG !try %d(why)->^x\n", i)
	}
	return b.String(), n.String()
}

// TestTenThousandValidSections: the valid document decodes and
// hydrates; lenient decoding repairs the near-misses.
func TestTenThousandValidSections(t *testing.T) {
	valid, near := tenThousandValid()
	d := parse(t, valid)
	if _, err := d.Hydrate(Limits{}); err != nil {
		t.Fatal(err)
	}
	_, reps, err := DecodeString(near, DecodeOptions{Lenient: true})
	// 2 repairs a line: the first MaxRepairs listed, the rest counted.
	if err != nil || len(reps) != MaxRepairs+1 || reps[MaxRepairs].Msg != fmt.Sprintf("and %d more repairs, not listed", 2*9999-MaxRepairs) {
		t.Fatalf("lenient: %d repairs, %v", len(reps), err)
	}
}

// BenchmarkTenThousandSections decodes the documents of 10,000 sections
// of the two tests above: each took well under a second when written.
func BenchmarkTenThousandSections(b *testing.B) {
	doc, _ := tenThousandSections()
	valid, near := tenThousandValid()
	for _, c := range []struct {
		name string
		run  func()
	}{
		{"strict", func() { _, _ = ParseString(doc, bigLimits) }},
		{"all errors", func() { _, _, _ = DecodeString(doc, DecodeOptions{Limits: bigLimits, AllErrors: true}) }},
		{"valid, hydrated", func() {
			if d, err := ParseString(valid, Limits{}); err == nil {
				_, _ = d.Hydrate(Limits{})
			}
		}},
		{"lenient", func() { _, _, _ = DecodeString(near, DecodeOptions{Lenient: true}) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				c.run()
			}
		})
	}
}
