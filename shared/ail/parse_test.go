package ail

import (
	"errors"
	"strings"
	"testing"
)

// seedExample is the snapshot of the format's own documentation.
const seedExample = `!AILv1
@MEM $1=recipe_api $2=MinIO $3=Celery_Redis
@ARCH $1[FastAPI|Postgres] := upload->$2:originals->$3:make_thumbnails->$2:thumbs
@LOG !FastAPI_BackgroundTasks(lost_40_jobs_on_redeploy) -> ^$3_acks_late
@SIG worker.py|make_thumbnails(photo_id:int,key:str)->list[str]|mutates(storage.put_object_bytes)
@NEXT ?per_user_upload_rate_limit
`

func parse(t *testing.T, s string) *Document {
	t.Helper()
	d, err := ParseString(s, Limits{})
	if err != nil {
		t.Fatalf("parse %q: %v", s, err)
	}
	return d
}

func hydrate(t *testing.T, s string) string {
	t.Helper()
	out, err := parse(t, s).Hydrate(Limits{})
	if err != nil {
		t.Fatalf("hydrate %q: %v", s, err)
	}
	return out
}

func TestSeedExample(t *testing.T) {
	// $3_acks_late: a pointer is $ and digits only, so $3 resolves and
	// _acks_late follows.
	want := `@ARCH recipe_api[FastAPI|Postgres] := upload->MinIO:originals->Celery_Redis:make_thumbnails->MinIO:thumbs
@LOG !FastAPI_BackgroundTasks(lost_40_jobs_on_redeploy) -> ^Celery_Redis_acks_late
@SIG worker.py|make_thumbnails(photo_id:int,key:str)->list[str]|mutates(storage.put_object_bytes)
@NEXT ?per_user_upload_rate_limit
`
	if got := hydrate(t, seedExample); got != want {
		t.Fatalf("hydrate:\n%s\nwant:\n%s", got, want)
	}
	d := parse(t, seedExample)
	if len(d.Mem) != 3 || d.Mem[2] != (Pointer{ID: 3, Value: "Celery_Redis", Line: 2}) {
		t.Fatalf("mem = %+v", d.Mem)
	}
}

// TestSourceExamples: every example line of the format's source decodes
// strictly.
func TestSourceExamples(t *testing.T) {
	for _, l := range []string{
		"@MEM $1=Auth_Service $2=db.py",
		"@ARCH $1 := $2 | $3",
		"@LOG !sync_ping(timeout) -> ^async_arp",
		"@SIG $2|~Repo.save(row:dict)->int|mutates(self.rows)",
		"@NEXT ?add_rate_limit ?write_tests",
	} {
		if _, err := ParseString(Header+"\n"+l+"\n", Limits{}); err != nil {
			t.Errorf("%s: %v", l, err)
		}
	}
}

// TestParseErrors: each malformed document fails on the right line,
// with the right kind and a message that says what was expected.
func TestParseErrors(t *testing.T) {
	cases := []struct {
		name, in string
		line     int
		kind     error
		msg      string
	}{
		{"empty", "", 1, ErrNoHeader, `expected "!AILv1" on the first line, found the end of the input`},
		{"log arrow", "!AILv1\n# c\n@LOG !a(b)->^c\n", 3, ErrLogArrow, `@LOG: expected " -> " after the reason, found "->"`},
		{"log space in identifier", "!AILv1\n@LOG !bad id(x) -> ^y\n", 2, ErrIdentifier, `@LOG: expected "(" after the identifier "bad", found " id(x) -> ^y"`},
		{"mem equals in value", "!AILv1\n@MEM $1=a=b\n", 2, ErrIdentifier, `@MEM: expected an identifier after "$1=", found "=" in "a=b"`},
		{"mem pointer value", "!AILv1\n@MEM $1=x\n@MEM $2=$1\n", 3, ErrPointerInIdentifier, `@MEM: expected an identifier after "$2=", found the pointer "$1": a @MEM value cannot be a pointer`},
		{"mem two spaces", "!AILv1\n@MEM  $1=a\n", 2, ErrSpace, "@MEM: expected one space after the tag, found more"},
		{"sig unclosed mutates", "!AILv1\n@SIG a.go|f()->int|mutates(x\n", 2, ErrMutates, `@SIG: expected ")" to close "mutates(", found the end of the line`},
		{"mem duplicate", "!AILv1\n@MEM $1=a\n# c\n@MEM $1=b\n", 4, ErrDuplicatePointer, "found $1, already defined on line 2"},
		{"no newline", "!AILv1\n@CTX x", 2, ErrNoNewline, "expected a newline at the end of the line"},
		{"invalid utf8", "!AILv1\n@CTX caf\xe9\n", 2, ErrInvalidUTF8, "invalid UTF-8 at byte 9"},
		{"escape", "!AILv1\n@CTX \x1b[2Jcleared\n", 2, ErrControlChar, "control character U+001B"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseString(c.in, Limits{})
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, c.kind) {
				t.Fatalf("err = %v, want an *Error of kind %v", err, c.kind)
			}
			if e.Line != c.line || !strings.Contains(e.Msg, c.msg) {
				t.Fatalf("err = %q (line %d), want line %d containing %q", err, e.Line, c.line, c.msg)
			}
			if !strings.HasPrefix(err.Error(), "line ") {
				t.Fatalf("error %q does not name the line", err)
			}
		})
	}
}

// TestParseAccepts: what the grammar allows besides the obvious: CRLF,
// comments anywhere after the header, empty @MEM and @NEXT, any prose.
func TestParseAccepts(t *testing.T) {
	in := "!AILv1\r\n# comment  \r\n@CTX spaced  inside, -> | := (\r\n" +
		"@LOG !x(y (z)) -> ^w\n@NEXT\n@MEM\n@SIG $1|~f[T](xs:list[T],sep:str=')')->T\n"
	d := parse(t, in)
	if len(d.Lines) != 4 || d.Lines[0].Body != "spaced  inside, -> | := (" || d.Lines[0].No != 3 {
		t.Fatalf("lines = %+v", d.Lines)
	}
	r, _ := ParseLog(d.Lines[1].Body)
	if r != (Rejection{"x", "y (z)", "w"}) {
		t.Fatalf("log = %+v", r)
	}
	s, err := ParseSig(d.Lines[3].Body)
	if err != nil || !s.Async || s.Name != "f[T]" || len(s.Args) != 2 || s.Args[1] != "sep:str=')'" || s.Ret != "T" {
		t.Fatalf("sig = %+v, %v", s, err)
	}
}

func TestLimits(t *testing.T) {
	lim := Limits{MaxInput: 64, MaxLine: 24, MaxOutput: 32}
	_, err := ParseString("!AILv1\n@CTX "+strings.Repeat("x", 30)+"\n", lim)
	if !errors.Is(err, ErrLineTooLong) || !strings.Contains(err.Error(), "line 2: 35 bytes, over the 24-byte line limit") {
		t.Fatalf("long line: %v", err)
	}
	_, err = Parse(strings.NewReader(strings.Repeat("#\n", 40)), lim)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "over the 64-byte limit") {
		t.Fatalf("long input: %v", err)
	}
	d, err := ParseString("!AILv1\n@MEM $1=abcdefghijkl\n@CTX $1$1\n@CTX $1$1\n", lim)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Hydrate(lim); !errors.Is(err, ErrOutputTooLarge) || !strings.Contains(err.Error(), "line 4: hydrated text over the 32-byte limit") {
		t.Fatalf("long output: %v", err)
	}
}

// TestPointers: single pass, undefined and malformed pointers untouched,
// definitions may follow their use.
func TestPointers(t *testing.T) {
	cases := map[string]string{
		"@MEM $1=a $2=b\n@CTX $1 $2 $3":         "a b $3",
		"@MEM $1=x\n@CTX $1$1 $$1 $ $01 $1.5":   "xx $x $ $01 x.5",
		"@CTX $12 costs $1\n@MEM $1=one $12=tw": "tw costs one",
		"@MEM $1=a\n@CTX $1000000 $1":           "$1000000 a",
		"@MEM $7=v\n@NEXT ?use_$7 ?$7":          "@NEXT ?use_v ?v",
	}
	for in, want := range cases {
		if got := hydrate(t, "!AILv1\n"+in+"\n"); got != want+"\n" {
			t.Errorf("hydrate(%q) = %q, want %q", in, got, want)
		}
	}
}
