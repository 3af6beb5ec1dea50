package ail

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// lenient decodes s leniently with the default limits.
func lenient(s string) (*Document, []Repair, error) {
	return DecodeString(s, DecodeOptions{Lenient: true})
}

// TestLenientRepairs: each near-miss is written in strict form, the
// repairs name its line and kind, and the result decodes strictly.
func TestLenientRepairs(t *testing.T) {
	cases := []struct {
		name, in, want string
		kinds          []error // of the repairs, in order
		line           int     // of the first repair
	}{
		{"arrow without spaces", "@LOG !a(b)->^c", "@LOG !a(b) -> ^c", []error{ErrLogArrow}, 2},
		{"arrow with extra spaces", "@LOG !a(b)  ->   ^c", "@LOG !a(b) -> ^c", []error{ErrLogArrow}, 2},
		{"space in @LOG identifier", "@LOG !bad id(x) -> ^y", "@LOG !bad_id(x) -> ^y", []error{ErrIdentifier}, 2},
		{"no bang, no caret", "@LOG tried(x) -> y", "@LOG !tried(x) -> ^y", []error{ErrLog, ErrLog}, 2},
		{"padded reason", "@LOG !a( b ) -> ^ c", "@LOG !a(b) -> ^c", []error{ErrSpace, ErrSpace}, 2},
		{"equals in value", "@MEM $1=a=b", "@MEM $1=a_b", []error{ErrIdentifier}, 2},
		{"space in value", "@MEM $1=Auth Service $2=db", "@MEM $1=Auth_Service $2=db", []error{ErrIdentifier}, 2},
		{"doubled spaces", "@MEM  $1=a   $2=b", "@MEM $1=a $2=b", []error{ErrSpace, ErrSpace}, 2},
		{"pointer value", "@MEM $1=api\n@MEM $2=$1", "@MEM $1=api $2=api", []error{ErrPointerInIdentifier}, 3},
		{"pointer in @LOG identifier, defined later", "@LOG !retry_$1(r) -> ^y\n@MEM $1=api", "@MEM $1=api\n@LOG !retry_api(r) -> ^y", []error{ErrPointerInIdentifier}, 2},
		{"spaced @SIG", "@SIG a.py | f( x , y ) -> int |mutates( a , b )", "@SIG a.py|f(x,y)->int|mutates(a,b)", []error{ErrSpace, ErrSpace, ErrSpace, ErrSpace, ErrSpace}, 2},
		{"unclosed mutates", "@SIG a.go|f()->int|mutates(a,b", "@SIG a.go|f()->int|mutates(a,b)", []error{ErrMutates}, 2},
		{"spaces in tasks", "@NEXT fix the bug  ?write tests ?", "@NEXT ?fix_the_bug ?write_tests", []error{ErrSpace, ErrNext, ErrNext, ErrNext, ErrNext}, 2},
		{"glued tag", "@NEXT?a", "@NEXT ?a", []error{ErrSpace}, 2},
		{"tab after tag", "@CTX\t\tx", "@CTX x", []error{ErrSpace}, 2},
		{"blank line and padding", "\n   @CTX x  ", "@CTX x", []error{ErrBlankLine, ErrSpace}, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, reps, err := lenient(Header + "\n" + c.in + "\n")
			if err != nil {
				t.Fatalf("lenient: %v", err)
			}
			if got := d.Format(); got != Header+"\n"+c.want+"\n" {
				t.Fatalf("Format() = %q, want %q", got, c.want)
			}
			var kinds []error
			for _, r := range reps {
				kinds = append(kinds, r.Kind)
			}
			if !equalKinds(kinds, c.kinds) || reps[0].Line != c.line {
				t.Fatalf("repairs = %v, want kinds %v from line %d", reps, c.kinds, c.line)
			}
			if _, err := ParseString(d.Format(), Limits{}); err != nil {
				t.Fatalf("repaired form does not decode strictly: %v", err)
			}
		})
	}
}

func equalKinds(a, b []error) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestLenientDocumentRepairs: a byte order mark, CRLF, blank lines
// before the header and a missing final newline.
func TestLenientDocumentRepairs(t *testing.T) {
	d, reps, err := lenient("\uFEFF\r\n  !AILv1  \r\n# c\r\n@CTX x")
	if err != nil || d.Format() != "!AILv1\n@CTX x\n" {
		t.Fatalf("lenient = %+v, %v", d, err)
	}
	want := []Repair{
		{1, ErrNoHeader, "removed the byte order mark"},
		{1, ErrBlankLine, "dropped the blank line"},
		{2, ErrSpace, "removed the white space around the line"},
		{4, ErrNoNewline, "added the newline at the end of the last line"},
	}
	if len(reps) != len(want) {
		t.Fatalf("repairs = %v", reps)
	}
	for i := range want {
		if reps[i] != want[i] {
			t.Errorf("repair %d = %v, want %v", i, reps[i], want[i])
		}
	}
	if got := reps[0].String(); got != "line 1: removed the byte order mark" {
		t.Errorf("String() = %q", got)
	}
}

// TestLenientRefuses: what lenient decoding cannot repair is still an
// error naming the line; a strict document needs no repair.
func TestLenientRefuses(t *testing.T) {
	cases := []struct {
		name, in string
		kind     error
		line     int
	}{
		{"undefined pointer value", "!AILv1\n@MEM $2=$9\n", ErrPointerInIdentifier, 2},
		{"chain", "!AILv1\n@MEM $1=$2 $2=$3 $3=c\n", ErrPointerInIdentifier, 2},
		{"cycle", "!AILv1\n@MEM $1=$2 $2=$1\n", ErrPointerInIdentifier, 2},
		{"undefined in @LOG", "!AILv1\n@LOG !x_$4(r) -> ^y\n", ErrPointerInIdentifier, 2},
		{"unknown section", "!AILv1\n@FOO x\n", ErrUnknownSection, 2},
		{"unclosed reason", "!AILv1\n@LOG !a(b -> ^c\n", ErrReason, 2},
		{"mismatched bracket", "!AILv1\n@SIG a|f(x]->int\n", ErrUnbalanced, 2},
		{"no header", "@CTX x\n", ErrNoHeader, 1},
		{"prose", "!AILv1\nhello\n", ErrNotSection, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := lenient(c.in)
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, c.kind) || e.Line != c.line {
				t.Fatalf("lenient(%q) = %v, want kind %v on line %d", c.in, err, c.kind, c.line)
			}
		})
	}
	if _, reps, err := lenient(seedExample); err != nil || len(reps) != 0 {
		t.Fatalf("seed example: repairs %v, %v", reps, err)
	}
}

// TestLenientChainIsBounded: a long chain of pointer values is refused
// at its first link, in one pass (BenchmarkAdversarial times it).
func TestLenientChainIsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("!AILv1\n@MEM")
	for i := 1; i < 50000; i++ {
		b.WriteString(" $" + strconv.Itoa(i) + "=$" + strconv.Itoa(i+1))
	}
	b.WriteString(" $50000=$1\n")
	if _, _, err := lenient(b.String()); !errors.Is(err, ErrPointerInIdentifier) {
		t.Fatalf("chain: %v", err)
	}
	// Copies that would grow the snapshot past its cap are refused.
	big := "!AILv1\n@MEM $1=" + strings.Repeat("v", 1000) + "\n@MEM $2=$1\n@LOG !" + strings.Repeat("$1", 400) + "(r) -> ^x\n"
	if _, _, err := DecodeString(big, DecodeOptions{Lenient: true, Limits: Limits{MaxInput: 1 << 16}}); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("expansion: %v", err)
	}
}
